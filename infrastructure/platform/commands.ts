/** Commands of the platform area: intents from a view or a timer; the epics turn them into events. */
import type { editor, preferences } from '../../domain/index.js';
import { defineCommand } from '../store/commands';

/** Any action, carried inside a command to be dispatched later (plain data, serialisable). */
export interface DeferredAction {
  readonly type: string;
  readonly payload?: unknown;
}

// ---- payment caches (spec §8, §9)
export const loadSubscriptionList = defineCommand()('billing/loadSubscriptionList');
export const loadCalculateList = defineCommand()('billing/loadCalculateList');

// ---- dialog manager (spec §8)
/**
 * Opens a named dialog once its view is mounted (the store's `openDialog` opens at once; this
 * one looks the dialog up first, for views that load lazily).
 */
export interface ShowDialogPayload {
  readonly name: string;
  readonly variant: string | null;
  /** Dispatched when the dialog cannot be found after every retry; null gives up silently. */
  readonly otherwise?: DeferredAction | null;
}
export const showDialog = defineCommand<ShowDialogPayload>()('dialogs/show');

// ---- video editor (spec §4)
export const openEditor = defineCommand<{ readonly query: editor.RouteQuery }>()('editor/open');
export const closeEditor = defineCommand()('editor/close');
export const changeStoryboards = defineCommand<{ readonly storyboards: readonly editor.StoryboardItem[] }>()(
  'editor/changeStoryboards',
);
export const changeAudios = defineCommand<{ readonly audios: readonly editor.AudioItem[] }>()(
  'editor/changeAudios',
);
export const changeAspectRatio = defineCommand<{ readonly aspectRatio: string }>()(
  'editor/changeAspectRatio',
);
export const renameProject = defineCommand<{ readonly title: string }>()('editor/rename');

// ---- downloads (spec §4, §8)
export interface DownloadImagePayload {
  readonly url: string;
  readonly scene: string;
  /** The saved file's name; by default the last part of the URL's path. */
  readonly fileName?: string;
}
export const downloadImage = defineCommand<DownloadImagePayload>()('downloads/image');

// ---- sensitive words before publishing (spec §5)
export interface CheckBeforePublishPayload {
  readonly scene: string;
  readonly fields: readonly { readonly field: string; readonly label: string; readonly text: string }[];
  readonly separator?: string;
  /** The publishing action, dispatched only when the check allows it. */
  readonly then: DeferredAction;
}
export const checkBeforePublish = defineCommand<CheckBeforePublishPayload>()('moderation/checkBeforePublish');

// ---- push (spec §6, §9)
/** Asks for permission when not yet decided, then registers the service worker. */
export const enablePush = defineCommand()('push/enable');
/** A click on a notice that carries a link (spec §9 award_task). */
export const openNoticeLink = defineCommand<{ readonly id: string }>()('notices/openLink');

// ---- internal milestones: the writers of local data start only after it was read back
export const localStateRestored = defineCommand()('platform/localStateRestored');
export const taskListRestored = defineCommand()('platform/taskListRestored');

// ---- preferences of this browser
export const chooseTheme = defineCommand<{ readonly theme: preferences.Theme }>()('preferences/chooseTheme');
/** Keeps the language the person chose for their next visit (spec §2 language guard, §9 lang cookie). */
export const rememberLanguage = defineCommand<{ readonly locale: string }>()('preferences/rememberLanguage');

// ---- the event log (DESIGN.md "The event log and replay")
/** Saves the session's event log as a JSON Lines file. */
export const exportEventLog = defineCommand()('eventLog/export');
