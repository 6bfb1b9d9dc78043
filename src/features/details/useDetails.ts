/** What the detail pages show, from memoised selectors over the details, social and session contexts. */
import { createSelector } from '../../../domain/kernel/memo.js';
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

/** The social key of a detail page's item (its like and collect state live under it). */
export const contentKeyOf = (item: { readonly id: string; readonly objType: number }): string =>
  social.contentKey({ id: item.id, obj_type: item.objType as social.ContentItem['obj_type'] });
