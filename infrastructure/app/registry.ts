/**
 * The one registry of the web client's epics (issue 26): which area's epics start with the store
 * (`coreEpics`), which start with it but load after it (`loadLaterCoreEpics`, ./later.ts: issue 22,
 * not in the first visit), and the loader of every area's module that a route starts when it loads
 * (src/routes/*.ts name them). Areas declare their epics; only this folder gathers them.
 * Tests, the replay tool and the benchmarks start everything at once (./makeStore.ts).
 */
import type { AppEpic } from '../epics/types';
import type { EpicModule } from '../epics/module';
import { billingCacheEpics } from '../billing/caches';
import { marketingEpics } from '../marketing/epics';
import { dialogEpics } from '../notices/dialogs';
import { noticeEpics } from '../notices/epics';
import { persistenceEpics } from './persistence';
import { countdownEpics } from '../popups/countdown';
import { popupQueueEpics } from '../popups/queue';
import { reminderEpics } from '../popups/reminders';
import { preferenceEpics } from '../preferences/epics';
import { pushEpics } from '../push/epics';
import { sessionEpics } from '../session/epics';
import { taskStoreEpics } from '../tasks/taskStore';

/**
 * The epics that start with the store: the session, the notices, the local data (the theme, the
 * flags, the kept queue), the popups and reminders, the dialogs, push and preferences, and the
 * campaign clock the first screen's banner reads before it paints. (The order is the order they
 * see each action in.)
 */
export const coreEpics: readonly AppEpic[] = [
  ...sessionEpics,
  ...noticeEpics,
  ...persistenceEpics,
  ...taskStoreEpics,
  ...countdownEpics,
  ...popupQueueEpics,
  ...reminderEpics,
  ...billingCacheEpics,
  ...dialogEpics,
  ...pushEpics,
  ...preferenceEpics,
  ...marketingEpics,
];

/**
 * The other epics every page needs (tasks, payment, uploads, telemetry, search, social, support,
 * the tour): they run from the start, but their code loads after the store starts and they are
 * handed every action from the start, in order (epics/deferred.ts).
 */
export const loadLaterCoreEpics = (): Promise<readonly AppEpic[]> =>
  import('./later').then((m) => m.laterCoreEpics);

/** Loads an area's epics; the router starts them with `store.addEpics` before the page renders. */
export type EpicModuleLoader = () => Promise<EpicModule>;

export const loadFeedModule: EpicModuleLoader = () => import('../feed/module').then((m) => m.feedModule);
export const loadDetailsModule: EpicModuleLoader = () =>
  import('../details/module').then((m) => m.detailsModule);
export const loadSearchModule: EpicModuleLoader = () =>
  import('../search/module').then((m) => m.searchModule);
export const loadCreationModule: EpicModuleLoader = () =>
  import('../tasks/module').then((m) => m.creationModule);
export const loadDecorationsModule: EpicModuleLoader = () =>
  import('../decorations/module').then((m) => m.decorationsModule);
export const loadPostsModule: EpicModuleLoader = () => import('../posts/module').then((m) => m.postsModule);
export const loadProblemReportsModule: EpicModuleLoader = () =>
  import('../support/module').then((m) => m.problemReportsModule);
export const loadBillingModule: EpicModuleLoader = () =>
  import('../billing/module').then((m) => m.billingModule);
const loadEditorModule: EpicModuleLoader = () => import('../editor/module').then((m) => m.editorModule);
const loadDownloadsModule: EpicModuleLoader = () =>
  import('../downloads/module').then((m) => m.downloadsModule);
const loadModerationModule: EpicModuleLoader = () =>
  import('../moderation/module').then((m) => m.moderationModule);
const loadStudioToolsModule: EpicModuleLoader = () => import('../studio/module').then((m) => m.studioModule);

const loadStreamingModule: EpicModuleLoader = () =>
  import('../streaming/module').then((m) => m.streamingModule);
const loadChatModule: EpicModuleLoader = () => import('../chat/module').then((m) => m.chatModule);
const loadCharactersModule: EpicModuleLoader = () =>
  import('../characters/module').then((m) => m.charactersModule);

/** The conversation screens and the audio studio: the audio stream, the chat, the characters. */
export const conversationModules: readonly EpicModuleLoader[] = [
  loadStreamingModule,
  loadChatModule,
  loadCharactersModule,
];

/**
 * What the creation screens use beyond the queue: the video editor, downloads, the publishing
 * check and the studio tools (LoRA training, workflows, apps and templates, the e-book reader,
 * voices, colour extraction). The streamed audio's playback is the streaming module's.
 */
export const studioModules: readonly EpicModuleLoader[] = [
  loadEditorModule,
  loadDownloadsModule,
  loadModerationModule,
  loadStudioToolsModule,
];
