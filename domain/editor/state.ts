/**
 * Editor state and reducer. Every change to what is saved bumps `revision`; a save names the
 * revision it carried, and only moves `savedRevision` up to it. So an answer for an older
 * revision never marks newer changes as saved, and the project is dirty while
 * revision > savedRevision.
 */
import { assertNever } from '../kernel/event.js';
import type { EditorEvent } from './events.js';
import {
  aspectRatioOrDefault,
  isAspectRatio,
  saveFailureMessageKey,
  type AudioItem,
  type EditorProject,
  type StoryboardItem,
} from './rules.js';

export type SavePhase =
  /** Nothing changed since the last save. */
  | { readonly status: 'saved' }
  /** Changed; a debounced save is asked for (the spec's "saving state" as the user sees it). */
  | { readonly status: 'pending' }
  | { readonly status: 'saving'; readonly revision: number }
  | {
      readonly status: 'failed';
      readonly revision: number;
      readonly code: number;
      /** 'editor.saveFailed' for 10404 (spec §8); null when the error map speaks for the code. */
      readonly messageKey: string | null;
    };

export interface OpenProject {
  readonly status: 'open';
  readonly project: EditorProject;
  readonly audios: readonly AudioItem[];
  readonly storyboards: readonly StoryboardItem[];
  readonly revision: number;
  readonly savedRevision: number;
  readonly save: SavePhase;
}

export type EditorState = { readonly status: 'closed' } | OpenProject;

export const initialEditorState: EditorState = { status: 'closed' };

/** One more change to save. */
const edited = (
  s: OpenProject,
  change: Partial<Pick<OpenProject, 'project' | 'audios' | 'storyboards'>>,
): OpenProject => ({
  ...s,
  ...change,
  revision: s.revision + 1,
  save: { status: 'pending' },
});

const isRevision = (n: number) => Number.isInteger(n) && n >= 0;

/** The events that act on an open project. */
type ProjectEvent = Exclude<EditorEvent, { readonly type: 'editor/projectOpened' | 'editor/projectClosed' }>;

const evolveOpen = (s: OpenProject, event: ProjectEvent): EditorState => {
  switch (event.type) {
    case 'editor/storyboardsChanged':
      return edited(s, { storyboards: event.payload.storyboards });
    case 'editor/audiosChanged':
      return edited(s, { audios: event.payload.audios });
    case 'editor/aspectRatioChanged': {
      const ratio = event.payload.aspectRatio;
      if (!isAspectRatio(ratio) || ratio === s.project.canvas.aspect_ratio) return s;
      return edited(s, { project: { ...s.project, canvas: { aspect_ratio: ratio } } });
    }
    case 'editor/titleChanged':
      return event.payload.title === s.project.title
        ? s
        : { ...s, project: { ...s.project, title: event.payload.title } };
    case 'editor/saveStarted': {
      const { projectId, revision } = event.payload;
      if (projectId !== s.project.id || !isRevision(revision)) return s;
      if (revision <= s.savedRevision || revision > s.revision) return s;
      if (s.save.status === 'saving' && s.save.revision === revision) return s;
      return { ...s, save: { status: 'saving', revision } };
    }
    case 'editor/saveSucceeded': {
      const { projectId, revision } = event.payload;
      if (projectId !== s.project.id || !isRevision(revision) || revision > s.revision) return s;
      const savedRevision = Math.max(s.savedRevision, revision);
      const save: SavePhase =
        savedRevision === s.revision
          ? { status: 'saved' }
          : s.save.status === 'saving' && s.save.revision > savedRevision
            ? s.save
            : { status: 'pending' };
      if (savedRevision === s.savedRevision && save.status === s.save.status) return s;
      return { ...s, savedRevision, save };
    }
    case 'editor/saveFailed': {
      const { projectId, revision, code } = event.payload;
      // Only the save in flight can fail; an older one is superseded by what came after it.
      if (projectId !== s.project.id || s.save.status !== 'saving' || s.save.revision !== revision) return s;
      return { ...s, save: { status: 'failed', revision, code, messageKey: saveFailureMessageKey(code) } };
    }
    default:
      return assertNever(event);
  }
};

export const evolveEditor = (state: EditorState, event: EditorEvent): EditorState => {
  switch (event.type) {
    case 'editor/projectOpened': {
      const p = event.payload.project;
      return {
        status: 'open',
        project: {
          workspace_id: p.workspace_id,
          canvas: { aspect_ratio: aspectRatioOrDefault(p.canvas.aspect_ratio) },
          id: p.id,
          title: p.title ?? '',
        },
        audios: event.payload.audios,
        storyboards: event.payload.storyboards,
        revision: 0,
        savedRevision: 0,
        save: { status: 'saved' },
      };
    }
    case 'editor/projectClosed':
      return state.status === 'closed' ? state : initialEditorState;
    default:
      // Edits and save results need an open project; a closed editor ignores them.
      return state.status === 'open' ? evolveOpen(state, event) : state;
  }
};
