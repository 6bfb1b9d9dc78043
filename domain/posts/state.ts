/**
 * Writing a post (spec §2 create-and-post): the draft the editor starts from (read from this
 * device when it opens), whether it has been kept since, and the submission's phase.
 */
import { assertNever } from '../kernel/event.js';
import type { PostDraft, PostsEvent } from './events.js';

export type DraftState =
  | { readonly status: 'unread' }
  | { readonly status: 'read'; readonly draft: PostDraft | null; readonly saved: boolean };

export type Submission =
  | { readonly status: 'idle' }
  | { readonly status: 'sending' }
  | { readonly status: 'created'; readonly id: string }
  | { readonly status: 'refused'; readonly code: number | null };

export interface PostsState {
  readonly draft: DraftState;
  readonly submission: Submission;
}

export const initialPostsState: PostsState = { draft: { status: 'unread' }, submission: { status: 'idle' } };

export const evolvePosts = (state: PostsState, event: PostsEvent): PostsState => {
  switch (event.type) {
    case 'posts/draftRead':
      return {
        draft: { status: 'read', draft: event.payload.draft, saved: false },
        submission: { status: 'idle' },
      };
    case 'posts/draftEdited':
      return state.draft.status === 'read' && state.draft.saved
        ? { ...state, draft: { ...state.draft, saved: false } }
        : state;
    case 'posts/draftSaved':
      return state.draft.status === 'read' && !state.draft.saved
        ? { ...state, draft: { ...state.draft, saved: true } }
        : state;
    case 'posts/createStarted':
      return state.submission.status === 'sending' ? state : { ...state, submission: { status: 'sending' } };
    case 'posts/created':
      return state.submission.status === 'sending'
        ? {
            draft: { status: 'read', draft: null, saved: false },
            submission: { status: 'created', id: event.payload.id },
          }
        : state;
    case 'posts/refused':
      return state.submission.status === 'sending'
        ? { ...state, submission: { status: 'refused', code: event.payload.code } }
        : state;
    default:
      return assertNever(event);
  }
};
