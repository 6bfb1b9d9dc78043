/**
 * What the social views show, from memoised selectors over the domain (a selector per key is
 * made once per component with `useMemo`, so an unrelated event never builds a new value).
 */
import { createSelector } from '../../../domain/kernel/memo.js';
import { useMemo } from 'react';
import { messages, people, session, social, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

const selectSocial = (s: RootState) => s.social;
const selectPeople = (s: RootState) => s.people;
const selectMessages = (s: RootState) => s.messages;
const selectSession = (s: RootState) => s.session;

const selectMyId = createSelector([selectSession], (s) => session.selectUser(s)?.id ?? null);
export const useMyId = () => useAppSelector(selectMyId);

export interface LikeView {
  readonly liked: boolean;
  readonly count: number;
  readonly busy: boolean;
  readonly queued: boolean;
}

export const useLikeView = (key: string): LikeView => {
  const select = useMemo(
    () =>
      createSelector(
        [
          (s: RootState) => social.selectIsLiked(s.social, key),
          (s: RootState) => social.selectLikeCount(s.social, key),
          (s: RootState) => social.selectIsItemPending(s.social, key),
          (s: RootState) => social.selectIsQueued(s.social, key),
        ],
        (liked, count, busy, queued): LikeView => ({ liked, count, busy, queued }),
      ),
    [key],
  );
  return useAppSelector(select);
};

export interface CollectView {
  readonly collect: social.Collect | null;
  readonly count: number;
  readonly busy: boolean;
  readonly known: boolean;
}

export const useCollectView = (key: string): CollectView => {
  const select = useMemo(
    () =>
      createSelector(
        [
          (s: RootState) => social.selectCollectOf(s.social, key),
          (s: RootState) => social.selectCollectCount(s.social, key),
          (s: RootState) => social.selectIsItemPending(s.social, key),
          (s: RootState) => social.selectIsItemKnown(s.social, key),
        ],
        (collect, count, busy, known): CollectView => ({ collect, count, busy, known }),
      ),
    [key],
  );
  return useAppSelector(select);
};

export interface FollowView {
  readonly following: boolean;
  readonly busy: boolean;
  readonly isSelf: boolean;
}

export const useFollowView = (authorId: string): FollowView => {
  const select = useMemo(
    () =>
      createSelector(
        [
          (s: RootState) => social.selectIsFollowing(s.social, authorId),
          (s: RootState) => social.selectIsFollowPending(s.social, authorId),
          selectMyId,
        ],
        (following, busy, me): FollowView => ({ following, busy, isSelf: me === authorId }),
      ),
    [authorId],
  );
  return useAppSelector(select);
};

const selectFolders = createSelector([selectPeople], (p) => people.selectFolders(p));
export const useFolders = () => useAppSelector(selectFolders);

const selectStats = createSelector([selectPeople], (p) => people.selectStats(p));
export const useStats = () => useAppSelector(selectStats);
const selectFigures = createSelector([selectPeople, (s: RootState) => s.decorations.stats], (p, d) =>
  people.selectAccountFigures(p, d),
);
/** The account's four figures, as every page shows them. */
export const useAccountFigures = () => useAppSelector(selectFigures);

const selectGuide = createSelector([selectPeople], (p) => people.selectGuideDone(p));
export const useGuideDone = () => useAppSelector(selectGuide);

export const useProfileState = (id: string) => {
  const select = useMemo(() => createSelector([selectPeople], (p) => people.selectProfileState(p, id)), [id]);
  return useAppSelector(select);
};

export const useList = <K extends people.ListKind>(kind: K, id: string | null) => {
  const select = useMemo(
    () => createSelector([selectPeople], (p) => (id === null ? null : people.selectList(p, kind, id))),
    [kind, id],
  );
  return useAppSelector(select);
};

const selectUnread = createSelector([selectMessages], (m) => messages.selectUnreadCounts(m));
export const useUnreadCounts = () => useAppSelector(selectUnread);

export const useMessageList = (type: messages.MessageType) => {
  const select = useMemo(
    () => createSelector([selectMessages], (m) => messages.selectMessageList(m, type)),
    [type],
  );
  return useAppSelector(select);
};

const selectQueued = createSelector([selectSocial], (s) => social.selectOutbox(s).length);
/** How many likes, collects and follows wait for the network. */
export const useQueuedCount = () => useAppSelector(selectQueued);

const selectOnline = createSelector([selectSocial], (s) => social.selectIsOnline(s));
export const useOnline = () => useAppSelector(selectOnline);
