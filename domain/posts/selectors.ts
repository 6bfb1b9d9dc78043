import type { PostsState } from './state.js';

/** The post editor's view of the writing session. */
export interface PostEditorView {
  /** The draft has been read: the editor can open with it. */
  readonly ready: boolean;
  readonly initial: { readonly title: string; readonly html: string };
  /** The draft was kept on this device since the editor opened. */
  readonly saved: boolean;
  readonly sending: boolean;
  /** The new post's id once the server made it (the editor then shows it). */
  readonly createdId: string | null;
}

const EMPTY = { title: '', html: '' } as const;

export const selectPostEditor = (s: PostsState): PostEditorView => ({
  ready: s.draft.status === 'read',
  initial: s.draft.status === 'read' ? (s.draft.draft ?? EMPTY) : EMPTY,
  saved: s.draft.status === 'read' && s.draft.saved,
  sending: s.submission.status === 'sending',
  createdId: s.submission.status === 'created' ? s.submission.id : null,
});
