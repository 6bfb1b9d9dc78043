/**
 * People state: profiles by id, the lists of the personal area and of profiles (works,
 * followers, following, the viewer's folders' collections), the viewer's folders, stats and
 * guide status. Remote values are unions on `status`; a list keeps its entries while it loads
 * its next page or fails, so a view never flashes empty.
 */
import { assertNever } from '../kernel/event.js';
import type { InvitationCodesPayload, PeopleEvent } from './events.js';
import { entryId, type EntryOf, type Folder, type ListKind, type Profile, type Stats } from './rules.js';

export type Remote<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'loaded'; readonly value: T }
  | { readonly status: 'failed'; readonly code: number };

export type ProfileState = Remote<Profile> | { readonly status: 'missing' };

export interface ListState<E> {
  readonly status: 'loading' | 'loaded' | 'failed';
  readonly entries: readonly E[];
  readonly offset: number;
  readonly hasMore: boolean;
  /** The failure's code while `failed`, else null. */
  readonly code: number | null;
}

export type Lists = { readonly [K in ListKind]: Readonly<Record<string, ListState<EntryOf[K]>>> };

export interface PeopleState {
  readonly profiles: Readonly<Record<string, ProfileState>>;
  readonly lists: Lists;
  readonly stats: Remote<Stats> | null;
  readonly folders: Remote<readonly Folder[]> | null;
  /** Spec §3 guide_status; null until read. */
  readonly guideDone: boolean | null;
  /** Spec §2 chan_id and u_code as kept on this device; null until read (absent in older logs). */
  readonly codes?: InvitationCodesPayload | null;
}

const emptyLists: Lists = { works: {}, collects: {}, followers: {}, following: {} };

export const initialPeopleState: PeopleState = {
  profiles: {},
  lists: emptyLists,
  stats: null,
  folders: null,
  guideDone: null,
  codes: null,
};

const putList = <K extends ListKind>(
  s: PeopleState,
  kind: K,
  id: string,
  list: ListState<EntryOf[K]> | null,
): PeopleState => {
  const byId = { ...(s.lists[kind] as Readonly<Record<string, ListState<EntryOf[K]>>>) };
  if (list === null) delete byId[id];
  else byId[id] = list;
  return { ...s, lists: { ...s.lists, [kind]: byId } };
};

const appendEntries = <E>(kind: ListKind, held: readonly E[], more: readonly E[]): readonly E[] => {
  const seen = new Set(held.map((e) => entryId(kind, e as EntryOf[ListKind])));
  const fresh = more.filter((e) => {
    const id = entryId(kind, e as EntryOf[ListKind]);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return fresh.length === 0 ? held : [...held, ...fresh];
};

const withFolders = (
  s: PeopleState,
  change: (folders: readonly Folder[]) => readonly Folder[],
): PeopleState =>
  s.folders?.status === 'loaded'
    ? { ...s, folders: { status: 'loaded', value: change(s.folders.value) } }
    : s;

/** Drops the given collects from every folder's list; answers the number taken out of each folder. */
const withoutCollects = (
  s: PeopleState,
  ids: ReadonlySet<string>,
): { s: PeopleState; taken: Map<string, number> } => {
  const taken = new Map<string, number>();
  const collects = { ...s.lists.collects };
  let changed = false;
  for (const [folderId, list] of Object.entries(s.lists.collects)) {
    const kept = list.entries.filter((e) => !ids.has(e.collectId));
    if (kept.length === list.entries.length) continue;
    taken.set(folderId, list.entries.length - kept.length);
    // The next page's offset moves back with what left, so paging skips nothing.
    collects[folderId] = {
      ...list,
      entries: kept,
      offset: Math.max(0, list.offset - (list.entries.length - kept.length)),
    };
    changed = true;
  }
  return { s: changed ? { ...s, lists: { ...s.lists, collects } } : s, taken };
};

export const evolvePeople = (s: PeopleState, event: PeopleEvent): PeopleState => {
  switch (event.type) {
    case 'people/profileRequested': {
      const held = s.profiles[event.payload.id];
      // A loaded profile stays on screen while it refreshes.
      if (held?.status === 'loaded' || held?.status === 'loading') return s;
      return { ...s, profiles: { ...s.profiles, [event.payload.id]: { status: 'loading' } } };
    }
    case 'people/profileLoaded': {
      const p = event.payload.profile;
      return { ...s, profiles: { ...s.profiles, [p.id]: { status: 'loaded', value: p } } };
    }
    case 'people/profileMissing':
      return { ...s, profiles: { ...s.profiles, [event.payload.id]: { status: 'missing' } } };
    case 'people/profileFailed': {
      const held = s.profiles[event.payload.id];
      if (held?.status === 'loaded') return s;
      return {
        ...s,
        profiles: { ...s.profiles, [event.payload.id]: { status: 'failed', code: event.payload.code } },
      };
    }
    case 'people/listRequested': {
      const { list, reset } = event.payload;
      const held = s.lists[list.kind][list.id];
      const base = reset || held === undefined ? { entries: [], offset: 0, hasMore: true } : held;
      return putList(s, list.kind, list.id, { ...base, status: 'loading', code: null });
    }
    case 'people/listPageLoaded': {
      const { list, entries, offset, hasMore } = event.payload;
      const held = s.lists[list.kind][list.id];
      const start = held === undefined ? [] : (held.entries as readonly EntryOf[ListKind][]);
      const merged = appendEntries(list.kind, start, entries as readonly EntryOf[ListKind][]);
      return putList(s, list.kind, list.id, {
        status: 'loaded',
        entries: merged as readonly never[],
        offset,
        hasMore,
        code: null,
      });
    }
    case 'people/listFailed': {
      const { list, code } = event.payload;
      const held = s.lists[list.kind][list.id];
      return putList(s, list.kind, list.id, {
        entries: [],
        offset: 0,
        hasMore: true,
        ...held,
        status: 'failed',
        code,
      });
    }
    case 'people/statsRequested':
      return s.stats?.status === 'loaded' ? s : { ...s, stats: { status: 'loading' } };
    case 'people/statsLoaded':
      return { ...s, stats: { status: 'loaded', value: event.payload.stats } };
    case 'people/statsFailed':
      return s.stats?.status === 'loaded'
        ? s
        : { ...s, stats: { status: 'failed', code: event.payload.code } };
    case 'people/foldersRequested':
      return s.folders?.status === 'loaded' ? s : { ...s, folders: { status: 'loading' } };
    case 'people/foldersLoaded':
      return { ...s, folders: { status: 'loaded', value: event.payload.folders } };
    case 'people/foldersFailed':
      return s.folders?.status === 'loaded'
        ? s
        : { ...s, folders: { status: 'failed', code: event.payload.code } };
    case 'people/folderCreated': {
      const f = event.payload.folder;
      if (s.folders?.status !== 'loaded') return { ...s, folders: { status: 'loaded', value: [f] } };
      return withFolders(s, (folders) => (folders.some((x) => x.id === f.id) ? folders : [...folders, f]));
    }
    case 'people/collectsRemoved': {
      const { s: next, taken } = withoutCollects(s, new Set(event.payload.collectIds));
      return withFolders(next, (folders) =>
        folders.map((f) =>
          taken.has(f.id) ? { ...f, count: Math.max(0, f.count - (taken.get(f.id) ?? 0)) } : f,
        ),
      );
    }
    case 'people/collectsMoved': {
      const { collectIds, folderId } = event.payload;
      const others = new Set(collectIds);
      // What moves leaves the other folders' lists; the target's list is read again when shown.
      const target = s.lists.collects[folderId];
      const kept = new Set(target?.entries.map((e) => e.collectId) ?? []);
      const leaving = new Set([...others].filter((id) => !kept.has(id)));
      const { s: moved, taken } = withoutCollects(s, leaving);
      const arrived = [...taken.values()].reduce((a, b) => a + b, 0);
      const next = putList(moved, 'collects', folderId, null);
      return withFolders(next, (folders) =>
        folders.map((f) =>
          f.id === folderId
            ? { ...f, count: f.count + arrived }
            : taken.has(f.id)
              ? { ...f, count: Math.max(0, f.count - (taken.get(f.id) ?? 0)) }
              : f,
        ),
      );
    }
    case 'people/guideStatusLoaded':
      return s.guideDone === event.payload.done ? s : { ...s, guideDone: event.payload.done };
    case 'people/cleared':
      // The codes belong to the device, not the person: they survive a sign-out (spec §2, §4 whitelist).
      return { ...initialPeopleState, codes: s.codes ?? null };
    case 'people/invitationCodesRead':
      return { ...s, codes: event.payload };
    default:
      return assertNever(event);
  }
};
