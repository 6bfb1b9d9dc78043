import { DEFAULT_PROJECT_TITLE_KEY, type EditorSaveBody } from './rules.js';
import type { EditorState, OpenProject, SavePhase } from './state.js';

const openOrNull = (s: EditorState): OpenProject | null => (s.status === 'open' ? s : null);

export const selectEditorProject = (s: EditorState) => openOrNull(s)?.project ?? null;

/** Changes not yet confirmed saved. */
export const selectIsDirty = (s: EditorState): boolean => {
  const o = openOrNull(s);
  return o !== null && o.revision > o.savedRevision;
};

/** Spec §4 "saving state": from the change until its save is confirmed (or fails). */
export const selectIsSaving = (s: EditorState): boolean => {
  const o = openOrNull(s);
  return o !== null && (o.save.status === 'pending' || o.save.status === 'saving');
};

export const selectSavePhase = (s: EditorState): SavePhase | null => openOrNull(s)?.save ?? null;

export const selectSaveFailed = (s: EditorState): Extract<SavePhase, { status: 'failed' }> | null => {
  const save = selectSavePhase(s);
  return save !== null && save.status === 'failed' ? save : null;
};

export type ProjectTitle =
  { readonly kind: 'text'; readonly text: string } | { readonly kind: 'key'; readonly key: string };

/** Spec §4: an untitled project shows the 'unnamed project' placeholder. */
export const selectProjectTitle = (s: EditorState): ProjectTitle | null => {
  const p = selectEditorProject(s);
  if (p === null) return null;
  return p.title.trim() === ''
    ? { kind: 'key', key: DEFAULT_PROJECT_TITLE_KEY }
    : { kind: 'text', text: p.title };
};

export interface SaveRequest {
  readonly projectId: string;
  readonly revision: number;
  readonly body: EditorSaveBody;
}

/**
 * What the debounced save sends when it fires: the current revision, or null when there is
 * nothing new to save (already saved, or this very revision is in flight).
 */
export const selectSaveRequest = (s: EditorState): SaveRequest | null => {
  const o = openOrNull(s);
  if (o === null || o.revision <= o.savedRevision) return null;
  if (o.save.status === 'saving' && o.save.revision === o.revision) return null;
  return {
    projectId: o.project.id,
    revision: o.revision,
    body: {
      canvas: o.project.canvas,
      editor_info: { audios: o.audios, storyboards: o.storyboards },
      workspace_id: o.project.workspace_id,
      id: o.project.id,
    },
  };
};
