import type { Invariant } from '../kernel/invariant.js';
import { isAspectRatio } from './rules.js';
import type { EditorState } from './state.js';

/** The saved revision never exceeds the current one; the phase agrees with them. */
export const savedRevisionNotAhead: Invariant<EditorState> = {
  name: 'savedRevisionNotAhead',
  check: (_before, after) => {
    if (after.status !== 'open') return null;
    const { revision, savedRevision, save } = after;
    if (savedRevision > revision) return `saved revision ${savedRevision} is ahead of revision ${revision}`;
    if (save.status === 'saved' && savedRevision !== revision)
      return `marked saved at ${savedRevision} of ${revision}`;
    if (save.status !== 'saved' && savedRevision === revision)
      return `marked ${save.status} with nothing to save`;
    if (save.status === 'saving' && (save.revision <= savedRevision || save.revision > revision))
      return `saving revision ${save.revision} outside ${savedRevision}..${revision}`;
    return null;
  },
};

/** Spec §4: the canvas ratio is one of the options. */
export const aspectRatioIsAnOption: Invariant<EditorState> = {
  name: 'aspectRatioIsAnOption',
  check: (_before, after) =>
    after.status !== 'open' || isAspectRatio(after.project.canvas.aspect_ratio)
      ? null
      : `aspect ratio ${after.project.canvas.aspect_ratio} is not an option`,
};

export const editorInvariants = [savedRevisionNotAhead, aspectRatioIsAnOption] as const;
