import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { AudioItem, StoryboardItem } from './rules.js';

/** A project as loaded or created; a missing ratio or title takes the defaults. */
export interface ProjectOpenedPayload {
  readonly project: {
    readonly workspace_id: string;
    readonly canvas: { readonly aspect_ratio: string | null };
    readonly id: string;
    readonly title: string | null;
  };
  readonly audios: readonly AudioItem[];
  readonly storyboards: readonly StoryboardItem[];
}
export interface StoryboardsChangedPayload {
  readonly storyboards: readonly StoryboardItem[];
}
export interface AudiosChangedPayload {
  readonly audios: readonly AudioItem[];
}
export interface AspectRatioChangedPayload {
  readonly aspectRatio: string;
}
export interface TitleChangedPayload {
  readonly title: string;
}
/** Save events name the project, so an answer for a project since closed changes nothing. */
export interface SaveRevisionPayload {
  readonly projectId: string;
  readonly revision: number;
}
export interface SaveFailedPayload extends SaveRevisionPayload {
  readonly code: number;
}

export const projectOpened = defineEvent<ProjectOpenedPayload>()('editor/projectOpened');
export const projectClosed = defineEvent<Record<string, never>>()('editor/projectClosed');
export const storyboardsChanged = defineEvent<StoryboardsChangedPayload>()('editor/storyboardsChanged');
export const audiosChanged = defineEvent<AudiosChangedPayload>()('editor/audiosChanged');
export const aspectRatioChanged = defineEvent<AspectRatioChangedPayload>()('editor/aspectRatioChanged');
export const titleChanged = defineEvent<TitleChangedPayload>()('editor/titleChanged');
export const saveStarted = defineEvent<SaveRevisionPayload>()('editor/saveStarted');
export const saveSucceeded = defineEvent<SaveRevisionPayload>()('editor/saveSucceeded');
export const saveFailed = defineEvent<SaveFailedPayload>()('editor/saveFailed');

export type EditorEvent =
  | DomainEvent<typeof projectOpened.type, ProjectOpenedPayload>
  | DomainEvent<typeof projectClosed.type, Record<string, never>>
  | DomainEvent<typeof storyboardsChanged.type, StoryboardsChangedPayload>
  | DomainEvent<typeof audiosChanged.type, AudiosChangedPayload>
  | DomainEvent<typeof aspectRatioChanged.type, AspectRatioChangedPayload>
  | DomainEvent<typeof titleChanged.type, TitleChangedPayload>
  | DomainEvent<typeof saveStarted.type, SaveRevisionPayload>
  | DomainEvent<typeof saveSucceeded.type, SaveRevisionPayload>
  | DomainEvent<typeof saveFailed.type, SaveFailedPayload>;

export const editorEventTypes = [
  projectOpened.type,
  projectClosed.type,
  storyboardsChanged.type,
  audiosChanged.type,
  aspectRatioChanged.type,
  titleChanged.type,
  saveStarted.type,
  saveSucceeded.type,
  saveFailed.type,
] as const;

/**
 * Spec §4: a change to clips or audio asks for the debounced save. The canvas ratio is part
 * of the saved body, so changing it asks too; the title is not in the body (spec §7), so a
 * rename does not.
 */
export const SAVE_REQUESTING_EVENTS: readonly EditorEvent['type'][] = [
  storyboardsChanged.type,
  audiosChanged.type,
  aspectRatioChanged.type,
];

export const requestsSave = (event: { readonly type: string }): boolean =>
  (SAVE_REQUESTING_EVENTS as readonly string[]).includes(event.type);
