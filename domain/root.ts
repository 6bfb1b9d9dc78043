/**
 * The root of the domain: the bounded contexts composed into one state, one reducer, one
 * event catalogue and one invariant registry. Adding a context means adding one line to
 * `contexts` and one to `copyRoot` (the type checker asks for it); everything else (types,
 * reducer, invariants, replay) follows from it.
 */
import type { BoundedContext } from './kernel/context.js';
import type { DomainEvent, UnstampedEvent } from './kernel/event.js';
import { focusInvariant, type Invariant, type ReadingInvariant } from './kernel/invariant.js';
import type { EventLog } from './kernel/log.js';
import {
  foldWith,
  incrementalChecker,
  replayChecked,
  replayWith,
  type ReplayOptions,
  type ReplayResult,
} from './kernel/replay.js';
import { billingContext, paymentInfoCleared } from './billing/index.js';
import { noticesContext } from './notices/index.js';
import { loggedOut, sessionContext, type AccountNotice } from './session/index.js';
import { accountTasksCleared, tasksContext } from './tasks/index.js';
import { popupsContext, selectReminder, type ReminderView } from './popups/index.js';
import { socialContext } from './social/index.js';
import { feedContext } from './feed/index.js';
import { messagesContext, selectUnreadNotices } from './messages/index.js';
import { decorationsContext } from './decorations/index.js';
import type { DecorationsEvent } from './decorations/events.js';
import { followWornFrames } from './decorations/ownFrames.js';
import { editorContext, editorProjectsContext } from './editor/index.js';
import { chatContext } from './chat/index.js';
import { charactersContext } from './characters/index.js';
import { audioContext } from './audio/index.js';
import { trackingContext } from './tracking/index.js';
import { tourContext } from './tour/index.js';
import { campaignsContext } from './campaigns/index.js';
import { supportContext } from './support/index.js';
import { paymentContext } from './payment/index.js';
import { uploadsContext } from './uploads/index.js';
import { flagsContext } from './tracking/flags.js';
import { preferencesContext } from './preferences/index.js';
import { captchaContext } from './captcha/index.js';
import { detailsContext } from './details/index.js';
import { searchContext } from './search/index.js';
import { studioContext } from './studio/index.js';
import { peopleCleared, peopleContext } from './people/index.js';
import { moderationContext } from './moderation/index.js';
import { postsContext } from './posts/index.js';
import { problemReportsContext } from './support/problemReports.js';

export const contexts = {
  tasks: tasksContext,
  billing: billingContext,
  notices: noticesContext,
  session: sessionContext,
  popups: popupsContext,
  social: socialContext,
  feed: feedContext,
  messages: messagesContext,
  decorations: decorationsContext,
  editor: editorContext,
  editorProjects: editorProjectsContext,
  chat: chatContext,
  characters: charactersContext,
  audio: audioContext,
  tracking: trackingContext,
  tour: tourContext,
  campaigns: campaignsContext,
  support: supportContext,
  payment: paymentContext,
  uploads: uploadsContext,
  flags: flagsContext,
  preferences: preferencesContext,
  captcha: captchaContext,
  details: detailsContext,
  search: searchContext,
  studio: studioContext,
  people: peopleContext,
  moderation: moderationContext,
  posts: postsContext,
  problemReports: problemReportsContext,
} as const;

type Contexts = typeof contexts;
type StateOf<C> = C extends BoundedContext<infer S, infer _E> ? S : never;
type EventOf<C> = C extends BoundedContext<infer _S, infer E> ? E : never;

export type RootState = { readonly [K in keyof Contexts]: StateOf<Contexts[K]> };
export type AppEvent = EventOf<Contexts[keyof Contexts]>;
export type AppEventType = AppEvent['type'];

export type ContextName = keyof Contexts;
const contextNames = Object.keys(contexts) as ContextName[];

/** Which context owns each event type; an event type belongs to exactly one context. */
const ownerOf: ReadonlyMap<string, keyof Contexts> = new Map(
  contextNames.flatMap((name) =>
    (contexts[name].eventTypes as readonly string[]).map((type) => [type, name] as const),
  ),
);

export const eventTypes: ReadonlySet<string> = new Set(ownerOf.keys());

export const isAppEventType = (type: string): type is AppEventType => ownerOf.has(type);

/** The context that owns an event type (undefined for a type of no context). */
export const ownerOfEventType = (type: string): ContextName | undefined => ownerOf.get(type);

/** True for a stamped event of the catalogue (commands and redux's own actions are not). */
export const isAppEvent = (action: { readonly type: string }): action is AppEvent =>
  isAppEventType(action.type) && typeof (action as Partial<DomainEvent>).meta?.seq === 'number';

export const initialRootState: RootState = Object.fromEntries(
  contextNames.map((name) => [name, contexts[name].initialState]),
) as unknown as RootState;

const routeOf: ReadonlyMap<
  string,
  { readonly owner: ContextName; readonly evolve: (state: unknown, event: DomainEvent) => unknown }
> = new Map(
  [...ownerOf].map(([type, owner]) => [
    type,
    { owner, evolve: (contexts[owner] as unknown as BoundedContext<unknown, DomainEvent>).evolve },
  ]),
);

/**
 * A shallow copy of the root state, field by field in the order of `contexts`: every event that
 * changes the state pays for one, and a literal of known fields is several times cheaper than a
 * spread of 29 (measured by `npm run bench`). The type asks for every context; a test checks the
 * order.
 */
const copyRoot = (s: RootState): { -readonly [K in ContextName]: RootState[K] } => ({
  tasks: s.tasks,
  billing: s.billing,
  notices: s.notices,
  session: s.session,
  popups: s.popups,
  social: s.social,
  feed: s.feed,
  messages: s.messages,
  decorations: s.decorations,
  editor: s.editor,
  editorProjects: s.editorProjects,
  chat: s.chat,
  characters: s.characters,
  audio: s.audio,
  tracking: s.tracking,
  tour: s.tour,
  campaigns: s.campaigns,
  support: s.support,
  payment: s.payment,
  uploads: s.uploads,
  flags: s.flags,
  preferences: s.preferences,
  captcha: s.captcha,
  details: s.details,
  search: s.search,
  studio: s.studio,
  people: s.people,
  moderation: s.moderation,
  posts: s.posts,
  problemReports: s.problemReports,
});

/**
 * The contexts whose states differ between two root states, written into `out` from its start in
 * the order of `contexts`, and how many (the rest of `out` is left as it was): one
 * comparison a field (as `copyRoot` copies them), so the replay's checker finds the changed
 * contexts without a lookup by name for each of the 30 (a test holds it to `audit.changedContexts`,
 * which compares them by name).
 */
export const collectChangedContexts = (b: RootState, a: RootState, out: ContextName[]): number => {
  let n = 0;
  if (b.tasks !== a.tasks) out[n++] = 'tasks';
  if (b.billing !== a.billing) out[n++] = 'billing';
  if (b.notices !== a.notices) out[n++] = 'notices';
  if (b.session !== a.session) out[n++] = 'session';
  if (b.popups !== a.popups) out[n++] = 'popups';
  if (b.social !== a.social) out[n++] = 'social';
  if (b.feed !== a.feed) out[n++] = 'feed';
  if (b.messages !== a.messages) out[n++] = 'messages';
  if (b.decorations !== a.decorations) out[n++] = 'decorations';
  if (b.editor !== a.editor) out[n++] = 'editor';
  if (b.editorProjects !== a.editorProjects) out[n++] = 'editorProjects';
  if (b.chat !== a.chat) out[n++] = 'chat';
  if (b.characters !== a.characters) out[n++] = 'characters';
  if (b.audio !== a.audio) out[n++] = 'audio';
  if (b.tracking !== a.tracking) out[n++] = 'tracking';
  if (b.tour !== a.tour) out[n++] = 'tour';
  if (b.campaigns !== a.campaigns) out[n++] = 'campaigns';
  if (b.support !== a.support) out[n++] = 'support';
  if (b.payment !== a.payment) out[n++] = 'payment';
  if (b.uploads !== a.uploads) out[n++] = 'uploads';
  if (b.flags !== a.flags) out[n++] = 'flags';
  if (b.preferences !== a.preferences) out[n++] = 'preferences';
  if (b.captcha !== a.captcha) out[n++] = 'captcha';
  if (b.details !== a.details) out[n++] = 'details';
  if (b.search !== a.search) out[n++] = 'search';
  if (b.studio !== a.studio) out[n++] = 'studio';
  if (b.people !== a.people) out[n++] = 'people';
  if (b.moderation !== a.moderation) out[n++] = 'moderation';
  if (b.posts !== a.posts) out[n++] = 'posts';
  if (b.problemReports !== a.problemReports) out[n++] = 'problemReports';
  return n;
};

/**
 * The root reducer: routes each event to the one context that owns it. Anything else (a
 * command, redux's init action, an unknown type from a newer log) leaves the state as it is.
 * One fact reaches beyond its context: a box the person wears or unloads is drawn at once on their
 * own items the other contexts hold (`decorations/ownFrames.ts`), each still patched by a pure rule.
 */
export const evolve = (state: RootState = initialRootState, event: { readonly type: string }): RootState => {
  const route = routeOf.get(event.type);
  if (route === undefined) return state;
  const owner = route.owner;
  const before = state[owner];
  const after = route.evolve(before, event as DomainEvent);
  if (after === before) return state;
  const next = copyRoot(state);
  (next as Record<ContextName, unknown>)[owner] = after;
  return owner === 'decorations' ? followWornFrames(state, next, event as DecorationsEvent) : next;
};

export const contextNameList: readonly ContextName[] = contextNames;

/**
 * The invariant registry, in order; the task progress invariant is the first. Each invariant
 * reads the one context it belongs to (`reads`), so a replay checks it only when that context
 * changed.
 */
export const invariantRegistry: readonly ReadingInvariant<RootState>[] = contextNames.flatMap((name) =>
  (contexts[name].invariants as readonly Invariant<RootState[ContextName]>[]).map((inv) =>
    focusInvariant<RootState, ContextName>(name, inv),
  ),
);

const checker = incrementalChecker(invariantRegistry, collectChangedContexts);

/**
 * Folds events from the initial state (or `initial`, a snapshot), checking every invariant after
 * every event, at the cost of reading: only the invariants of the contexts an event changed, and
 * those incrementally where they can (`replayChecked`). The first violation is the one
 * `replayCheckingEverything` finds.
 */
export const replay = (
  events: readonly DomainEvent[],
  options: ReplayOptions = {},
  initial: RootState = initialRootState,
): ReplayResult<RootState> => replayChecked(evolve, invariantRegistry, initial, events, options, checker);

/** The plain definition: every invariant of the registry over the whole state after every event. */
export const replayCheckingEverything = (
  events: readonly DomainEvent[],
  options: ReplayOptions = {},
  initial: RootState = initialRootState,
): ReplayResult<RootState> => replayWith(evolve, invariantRegistry, initial, events, options);

/** The fold alone, no invariant checked: the state after the first `upTo` events (all by default). */
export const fold = (
  events: readonly DomainEvent[],
  options: ReplayOptions = {},
  initial: RootState = initialRootState,
): RootState => foldWith(evolve, initial, events, options);

const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === 'object' && u !== null && !Array.isArray(u);

/**
 * The root state a log's snapshot line holds, context by context: a context the snapshot lacks
 * (written before the context existed) starts from its initial state; names no context owns are
 * dropped. Each context's state is taken as written (or as its `fromSnapshot` reads an older shape): the recorder wrote it from a state of this
 * shape, and the first event replayed after it holds it to every invariant.
 */
export const rootStateFromSnapshot = (snapshot: unknown): RootState => {
  const source = isRecord(snapshot) ? snapshot : {};
  return Object.fromEntries(
    contextNames.map((name) => {
      const context: { readonly fromSnapshot?: (u: unknown) => unknown; readonly initialState: unknown } =
        contexts[name];
      if (!(name in source)) return [name, context.initialState];
      return [name, context.fromSnapshot ? context.fromSnapshot(source[name]) : source[name]];
    }),
  ) as unknown as RootState;
};

/** The state a log starts from: its snapshot when it has one, else the initial state. */
export const logStartState = (log: EventLog): RootState => {
  const snapshot = log.snapshot ?? null;
  return snapshot === null ? initialRootState : rootStateFromSnapshot(snapshot.state);
};

/** Replays a parsed log from where it starts (its snapshot, if any), checking every invariant. */
export const replayLog = (log: EventLog, options: ReplayOptions = {}): ReplayResult<RootState> =>
  replay(log.events, options, logStartState(log));

/**
 * The signed-in person's notices they have not read (spec §3 "a notice read list is kept per
 * user"): the list is the session's, the read ids are the messages context's, per account.
 */
export const selectUnreadAccountNotices = (s: RootState): readonly AccountNotice[] =>
  s.session.status === 'signedIn'
    ? selectUnreadNotices(s.messages, s.session.user.id, s.session.notices)
    : [];

/**
 * Whether the guided tour is on screen: it runs and no popup is open (spec §4). One thing covers
 * the page at a time: a popup that came first is closed before the tour shows, and the popup
 * queue waits while the tour runs (`popups.PopupContext.tourRunning`).
 */
export const selectTourOnScreen = (s: RootState): boolean =>
  s.tour.status === 'running' && s.popups.current === null;

/** The end-time reminder on screen: none while the tour runs or a popup is open (one thing at a time). */
export const reminderOnScreen = (
  state: RootState['popups'],
  tourStatus: RootState['tour']['status'],
  route: string | null,
): ReminderView | null => (tourStatus === 'running' ? null : selectReminder(state, route));

export const selectReminderOnScreen = (s: RootState, route: string | null): ReminderView | null =>
  reminderOnScreen(s.popups, s.tour.status, route);

/**
 * What signing out records, whoever starts it (the person, or an error that ends the session),
 * and whether or not the server's logout call succeeded (spec §4 "It clears them even if the
 * call fails"): the session's user and lists, the payment info, the account's tasks, and the
 * personal area's lists and stats.
 */
export const signedOutEvents = (): readonly UnstampedEvent[] => [
  loggedOut({}),
  paymentInfoCleared({}),
  accountTasksCleared({}),
  peopleCleared({}),
];
