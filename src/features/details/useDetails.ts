/** What the detail pages show, from memoised selectors over the details, social and session contexts. */
import { createSelector } from '@reduxjs/toolkit';
import { useMemo } from 'react';
import { details, session, social, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

export const useDetail = (page: details.DetailPage, id: string) => {
  const select = useMemo(
    () => createSelector([(s: RootState) => s.details], (d) => details.selectDetailFor(d, page, id)),
    [page, id],
  );
  return useAppSelector(select);
};

export const useComments = (id: string) => useAppSelector((s) => details.selectComments(s.details, id));

export const useWorks = (list: details.WorkListKind, id: string) =>
  useAppSelector((s) => details.selectWorks(s.details, list, id));

export const useSignedIn = () => useAppSelector((s) => session.selectUser(s.session) !== null);

/** The like state of an item (spec §4 like toggles and counts by one): two primitives, redrawn only by its own change. */
export const useLikeOf = (item: { readonly id: string; readonly objType: number }) => {
  const key = social.contentKey({ id: item.id, obj_type: item.objType as social.ContentItem['obj_type'] });
  return {
    key,
    liked: useAppSelector((s) => social.selectIsLiked(s.social, key)),
    likes: useAppSelector((s) => social.selectLikeCount(s.social, key)),
  };
};
