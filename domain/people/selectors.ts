import type { DecorationStats } from '../decorations/rules.js';
import {
  accountFigureRows,
  type AccountFigureRow,
  type EntryOf,
  type Folder,
  type ListKind,
  type Profile,
  type Stats,
} from './rules.js';
import type { InvitationCodesPayload } from './events.js';
import type { ListState, PeopleState, ProfileState, Remote } from './state.js';

export const selectProfileState = (s: PeopleState, id: string): ProfileState | null => s.profiles[id] ?? null;

export const selectProfile = (s: PeopleState, id: string): Profile | null => {
  const p = s.profiles[id];
  return p?.status === 'loaded' ? p.value : null;
};

export const selectList = <K extends ListKind>(
  s: PeopleState,
  kind: K,
  id: string,
): ListState<EntryOf[K]> | null => (s.lists[kind][id] as ListState<EntryOf[K]> | undefined) ?? null;

/** The offset of the next page of a list, or null when it is loading or has no more. */
export const selectNextOffset = (s: PeopleState, kind: ListKind, id: string): number | null => {
  const list = s.lists[kind][id];
  if (list === undefined) return 0;
  if (list.status === 'loading' || !list.hasMore) return null;
  return list.offset;
};

export const selectStats = (s: PeopleState): Remote<Stats> | null => s.stats;

export const selectFolders = (s: PeopleState): Remote<readonly Folder[]> | null => s.folders;

/** The viewer's folders once loaded, the default first (as the server orders them). */
export const selectLoadedFolders = (s: PeopleState): readonly Folder[] =>
  s.folders?.status === 'loaded' ? s.folders.value : [];

export const selectGuideDone = (s: PeopleState): boolean | null => s.guideDone;

export const selectInvitationCodes = (s: PeopleState): InvitationCodesPayload | null => s.codes ?? null;

/**
 * The one selector of the account's figures on every page (/personal and /decorations): the
 * account stats when loaded, else the decoration stats (the server answers both from one
 * definition); null while neither has arrived.
 */
export const selectAccountFigures = (
  s: PeopleState,
  decorationStats: DecorationStats | null,
): readonly AccountFigureRow[] | null => {
  if (s.stats?.status === 'loaded') return accountFigureRows(s.stats.value);
  if (decorationStats === null) return null;
  return accountFigureRows({
    collected: decorationStats.colleted_cnt,
    following: decorationStats.following_cnt,
    followers: decorationStats.follower_cnt,
    earnings: decorationStats.earnings,
  });
};
