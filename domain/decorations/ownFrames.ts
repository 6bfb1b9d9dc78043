/**
 * What a worn or unloaded box changes beyond the decorations list (spec §2, §3 avatar_frame and
 * decorations; §4 "worn, then unloaded"): the person's own items already loaded elsewhere take the
 * new frame at once, instead of showing the old one until their list is read again.
 *
 * - An avatar box is drawn around the person's avatar wherever it shows: the square's cards and the
 *   personal area's cards by them, a detail page they wrote and their comments on any, their
 *   profile, their entry in follower lists and search results, and the header (the session's user).
 * - A production box is worn on one of their generation tasks (spec §7 use: ornament_id, work_id):
 *   its task card, and the artwork published from that task wherever it is loaded (square card,
 *   work tile, detail page, search result, personal area).
 *
 * The decorations reducer decides whether the wear or unload happened; this reads what it changed
 * (`wornChangesOf`) and patches the other contexts' items (`withOwnFrames`). Nobody else's item
 * changes, an item that already shows the frame is kept as it is (same object), and a state with
 * nothing of the person's is returned as it was.
 */
import type { DetailAuthor, DetailComment, DetailItem, WorkCard } from '../details/events.js';
import type { CommentList, DetailsState, ItemLoad, WorkListLoad } from '../details/state.js';
import { CONTENT_OBJ_TYPE } from '../feed/catalog.js';
import type { FeedCard } from '../feed/rules.js';
import type { FeedState, FeedTabState } from '../feed/state.js';
import type { CollectEntry, PersonCard } from '../people/rules.js';
import type { ListState, PeopleState, ProfileState } from '../people/state.js';
import type { SearchResult } from '../search/events.js';
import type { ResultList, SearchState } from '../search/state.js';
import type { SessionState } from '../session/state.js';
import type { Task, TasksState } from '../tasks/state.js';
import type { DecorationsEvent } from './events.js';
import { selectProductionBoxOfWork, selectWornAvatarBox } from './selectors.js';
import type { DecorationsState } from './state.js';

/** What a decorations event changed in what the person wears. */
export type WornChange =
  | { readonly kind: 'avatar'; readonly frame: string | null }
  | { readonly kind: 'production'; readonly workId: string; readonly frame: string | null };

/** The image of the avatar box worn now, null when none is. */
export const wornAvatarFrame = (s: DecorationsState): string | null =>
  selectWornAvatarBox(s)?.preview.url ?? null;

/** The image of the production box worn on a work now, null when none is. */
export const productionFrameOn = (s: DecorationsState, workId: string): string | null =>
  selectProductionBoxOfWork(s, workId)?.preview.url ?? null;

/**
 * The changes an event made to what the person wears, read by comparing the decorations state
 * before and after it: a worn or unloaded box, and also a list that says a box is no longer worn
 * (unloading a production box without naming a work takes it off all of them, and the answer is
 * the ornament's new copy). Nothing when the reducer refused the event (an ornament not owned, not
 * known, or already so), and nothing for `accountCleared`: forgetting an account's decorations says
 * nothing about what the next one wears.
 */
export const wornChangesOf = (
  event: DecorationsEvent,
  before: DecorationsState,
  after: DecorationsState,
): readonly WornChange[] => {
  if (before === after || event.type === 'decorations/accountCleared') return [];
  const changes: WornChange[] = [];
  const avatar = wornAvatarFrame(after);
  if (avatar !== wornAvatarFrame(before)) changes.push({ kind: 'avatar', frame: avatar });
  if (before.productionBoxOnWork !== after.productionBoxOnWork) {
    const works = new Set([
      ...Object.keys(before.productionBoxOnWork),
      ...Object.keys(after.productionBoxOnWork),
    ]);
    for (const workId of works) {
      const frame = productionFrameOn(after, workId);
      if (frame !== productionFrameOn(before, workId)) changes.push({ kind: 'production', workId, frame });
    }
  }
  return changes;
};

/** The frames to draw on one person's own loaded items. */
export interface OwnFrames {
  readonly personId: string;
  /** Present when the avatar box changed: its image now, null when none is worn. */
  readonly avatarFrame?: string | null;
  /** Present when a production box changed on one of the person's works. */
  readonly work?: {
    /** The generation task it is worn on. */
    readonly taskId: string;
    /** The artwork published from that task, when known. */
    readonly artworkId: string | null;
    /** Its image now, null when none is worn. */
    readonly frame: string | null;
  };
}

/** The contexts whose items show frames. */
export interface FramedState {
  readonly session: SessionState;
  readonly decorations: DecorationsState;
  readonly tasks: TasksState;
  readonly feed: FeedState;
  readonly details: DetailsState;
  readonly people: PeopleState;
  readonly search: SearchState;
}

// ---- keeping what did not change ------------------------------------------------------------------

/** Maps an array, answering the same array when no element changed. */
const mapKept = <T>(items: readonly T[], f: (item: T) => T): readonly T[] => {
  let out: T[] | null = null;
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i] as T;
    const next = f(item);
    if (next !== item && out === null) out = items.slice(0, i);
    if (out !== null) out.push(next);
  }
  return out ?? items;
};

/** Maps a record's values, answering the same record when no value changed. */
const mapValuesKept = <T>(record: Readonly<Record<string, T>>, f: (value: T) => T) => {
  let out: Record<string, T> | null = null;
  for (const [k, v] of Object.entries(record)) {
    const next = f(v);
    if (next === v) continue;
    out ??= { ...record };
    out[k] = next;
  }
  return out ?? record;
};

const same = (a: string | null | undefined, b: string | null) => (a ?? null) === b;

// ---- one item ---------------------------------------------------------------------------------------

/**
 * The production box's image for this item when it is the artwork the box's task was published as
 * (by the person), else undefined: the item is not the framed work.
 */
const workFrameOf = (
  p: OwnFrames,
  id: string,
  objType: number,
  authorId: string,
): string | null | undefined =>
  p.work !== undefined &&
  p.work.artworkId !== null &&
  id === p.work.artworkId &&
  objType === CONTENT_OBJ_TYPE.artwork &&
  authorId === p.personId
    ? p.work.frame
    : undefined;

const withAuthorFrame = <A extends { readonly avatarFrame?: string | null }>(author: A, p: OwnFrames): A =>
  p.avatarFrame === undefined || same(author.avatarFrame, p.avatarFrame)
    ? author
    : { ...author, avatarFrame: p.avatarFrame };

const feedCard =
  (p: OwnFrames) =>
  (card: FeedCard): FeedCard => {
    if (card.authorId !== p.personId) return card;
    let next = card;
    const author = card.author === undefined ? undefined : withAuthorFrame(card.author, p);
    if (author !== card.author) next = { ...next, author };
    const frame = workFrameOf(p, card.id, card.obj_type, card.authorId);
    if (frame !== undefined && !same(card.productionFrame, frame)) next = { ...next, productionFrame: frame };
    return next;
  };

const workCard =
  (p: OwnFrames) =>
  (card: WorkCard): WorkCard => {
    const frame = workFrameOf(p, card.id, card.objType, card.authorId);
    return frame !== undefined && !same(card.productionFrame, frame)
      ? { ...card, productionFrame: frame }
      : card;
  };

const detailAuthor =
  (p: OwnFrames) =>
  (author: DetailAuthor): DetailAuthor =>
    author.id === p.personId ? withAuthorFrame(author, p) : author;

const detailItem =
  (p: OwnFrames) =>
  (item: DetailItem): DetailItem => {
    let next = item;
    const author = detailAuthor(p)(item.author);
    if (author !== item.author) next = { ...next, author };
    const frame = workFrameOf(p, item.id, item.objType, item.author.id);
    if (frame !== undefined && !same(item.productionFrame, frame)) next = { ...next, productionFrame: frame };
    return next;
  };

const comment =
  (p: OwnFrames) =>
  (c: DetailComment): DetailComment => {
    const author = detailAuthor(p)(c.author);
    return author === c.author ? c : { ...c, author };
  };

const person =
  (p: OwnFrames) =>
  (card: PersonCard): PersonCard =>
    card.id === p.personId ? withAuthorFrame(card, p) : card;

// ---- one context --------------------------------------------------------------------------------------

const patchFeed = (s: FeedState, p: OwnFrames): FeedState => {
  const tabs = mapValuesKept(s.tabs as Readonly<Record<string, FeedTabState>>, (tab) => {
    if (tab.status === 'idle') return tab;
    const items = mapKept(tab.items, feedCard(p));
    return items === tab.items ? tab : { ...tab, items };
  });
  return tabs === s.tabs ? s : { ...s, tabs: tabs as FeedState['tabs'] };
};

const patchDetails = (s: DetailsState, p: OwnFrames): DetailsState => {
  const items = mapValuesKept(s.items, (load): ItemLoad => {
    if (load.status !== 'loaded') return load;
    const item = detailItem(p)(load.item);
    return item === load.item ? load : { status: 'loaded', item };
  });
  const comments = mapValuesKept(s.comments, (list): CommentList => {
    const next = mapKept(list.items, comment(p));
    return next === list.items ? list : { ...list, items: next };
  });
  const works = mapValuesKept(s.works, (load): WorkListLoad => {
    if (load.status !== 'loaded') return load;
    const next = mapKept(load.items, workCard(p));
    return next === load.items ? load : { status: 'loaded', items: next };
  });
  return items === s.items && comments === s.comments && works === s.works
    ? s
    : { ...s, items, comments, works };
};

const patchList = <E>(lists: Readonly<Record<string, ListState<E>>>, f: (e: E) => E) =>
  mapValuesKept(lists, (list) => {
    const entries = mapKept(list.entries, f);
    return entries === list.entries ? list : { ...list, entries };
  });

const patchPeople = (s: PeopleState, p: OwnFrames): PeopleState => {
  const held = s.profiles[p.personId];
  let profiles = s.profiles;
  if (held?.status === 'loaded') {
    const value = withAuthorFrame(held.value, p);
    if (value !== held.value)
      profiles = { ...s.profiles, [p.personId]: { status: 'loaded', value } satisfies ProfileState };
  }
  const card = feedCard(p);
  const works = patchList(s.lists.works, card);
  const collects = patchList(s.lists.collects, (e: CollectEntry) => {
    const next = card(e.card);
    return next === e.card ? e : { ...e, card: next };
  });
  const followers = patchList(s.lists.followers, person(p));
  const following = patchList(s.lists.following, person(p));
  const lists =
    works === s.lists.works &&
    collects === s.lists.collects &&
    followers === s.lists.followers &&
    following === s.lists.following
      ? s.lists
      : { works, collects, followers, following };
  return profiles === s.profiles && lists === s.lists ? s : { ...s, profiles, lists };
};

const patchSearch = (s: SearchState, p: OwnFrames): SearchState => {
  const work = workCard(p);
  const results = mapValuesKept(s.results, (list): ResultList => {
    const items = mapKept(list.items, (r): SearchResult => {
      if (r.kind === 'work') {
        const next = work(r.work);
        return next === r.work ? r : { kind: 'work', work: next };
      }
      if (r.kind === 'user' && r.user.id === p.personId) {
        const user = withAuthorFrame(r.user, p);
        return user === r.user ? r : { kind: 'user', user };
      }
      return r;
    });
    return items === list.items ? list : { ...list, items };
  });
  return results === s.results ? s : { ...s, results };
};

const patchTasks = (s: TasksState, p: OwnFrames): TasksState => {
  if (p.work === undefined) return s;
  const task = s.byId[p.work.taskId];
  if (task === undefined || same(task.productionFrame, p.work.frame)) return s;
  const { productionFrame: _old, ...rest } = task;
  const next: Task = p.work.frame === null ? rest : { ...rest, productionFrame: p.work.frame };
  return { ...s, byId: { ...s.byId, [task.id]: next } };
};

const patchSession = (s: SessionState, p: OwnFrames): SessionState => {
  if (s.status !== 'signedIn' || s.user.id !== p.personId) return s;
  const user = withAuthorFrame(s.user, p);
  return user === s.user ? s : { ...s, user };
};

/** Draws the person's frames on their own loaded items, in every context that shows them. */
export const withOwnFrames = <S extends FramedState>(state: S, p: OwnFrames): S => {
  const session = patchSession(state.session, p);
  const tasks = patchTasks(state.tasks, p);
  const feed = patchFeed(state.feed, p);
  const details = patchDetails(state.details, p);
  const people = patchPeople(state.people, p);
  const search = patchSearch(state.search, p);
  return session === state.session &&
    tasks === state.tasks &&
    feed === state.feed &&
    details === state.details &&
    people === state.people &&
    search === state.search
    ? state
    : { ...state, session, tasks, feed, details, people, search };
};

/**
 * The frames a decorations event gives the signed-in person's items, one set per change: none when
 * nobody is signed in or the event changed nothing they wear. A production box's artwork is the one
 * its task was published as (`publishedAs`, from the task list or the publish call).
 */
export const ownFramesOf = (
  event: DecorationsEvent,
  before: FramedState,
  after: FramedState,
): readonly OwnFrames[] => {
  if (after.session.status !== 'signedIn') return [];
  const personId = after.session.user.id;
  return wornChangesOf(event, before.decorations, after.decorations).map((change): OwnFrames =>
    change.kind === 'avatar'
      ? { personId, avatarFrame: change.frame }
      : {
          personId,
          work: {
            taskId: change.workId,
            artworkId: after.tasks.byId[change.workId]?.publishedAs ?? null,
            frame: change.frame,
          },
        },
  );
};

/** The root's step after a decorations event: the person's own items follow what they now wear. */
export const followWornFrames = <S extends FramedState>(before: S, after: S, event: DecorationsEvent): S =>
  ownFramesOf(event, before, after).reduce(withOwnFrames, after);
