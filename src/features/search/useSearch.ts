/** What the search box, the search page and the tag pages show, from memoised selectors. */
import { createSelector } from '../../../domain/kernel/memo.js';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { search, session, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

const selectSuggestionItems = createSelector([(s: RootState) => s.search], (s) =>
  search.selectSuggestionItems(s),
);
const selectSuggestionStatus = (s: RootState) => search.selectSuggestions(s.search).status;
const selectNoSuggestions = (s: RootState) => search.selectNoSuggestions(s.search);

export const useSuggestions = () => ({
  items: useAppSelector(selectSuggestionItems),
  status: useAppSelector(selectSuggestionStatus),
  none: useAppSelector(selectNoSuggestions),
});

/** The search the address names (`q`, `tab`), normalised. */
export const useSearchAddress = () => {
  const [params] = useSearchParams();
  const raw = params.toString();
  return useMemo(() => search.parseSearchAddress([...new URLSearchParams(raw)]), [raw]);
};

export const useResults = (key: string) => useAppSelector((s) => search.selectResults(s.search, key));

export const useTagList = (list: search.TagList) =>
  useAppSelector((s) => search.selectTagList(s.search, list));

export const useTag = (name: string) => useAppSelector((s) => search.selectTag(s.search, name));

export const useSignedIn = () => useAppSelector((s) => session.selectUser(s.session) !== null);
