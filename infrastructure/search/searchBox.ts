/**
 * The header's search box, on every page (a core epic): suggestions (tags, people, works) once typing pauses for
 * `search.SUGGEST_DEBOUNCE_MS`, for the text's prefix (too short or too long: none); a newer
 * prefix cancels the call of an older one, so an older answer is never shown; clearing cancels a
 * pause in progress; the same prefix twice in a row asks once.
 */
import * as E from 'fp-ts/Either';
import {
  EMPTY,
  concat,
  distinctUntilChanged,
  filter,
  map,
  merge,
  of,
  switchMap,
  takeUntil,
  timer,
  type Observable,
} from 'rxjs';
import { search } from '../../domain/index.js';
import { TagSuggestRequest } from '../contract/feed';
import type { Action, AppEpic } from '../epics/types';
import { clearSuggestions, suggestTags } from './commands';
import { toTagCard, toUserCard, toWorkCard } from '../details/mappers';

export const suggestTagsEpic: AppEpic = (action$, _state$, { details: deps, scheduler }) => {
  const clear$ = action$.pipe(filter(clearSuggestions.match));
  const settled$ = action$.pipe(
    filter(suggestTags.match),
    map(({ payload }) => search.suggestPrefixOf(payload.text)),
    switchMap((prefix) =>
      timer(search.SUGGEST_DEBOUNCE_MS, scheduler).pipe(
        map(() => prefix),
        takeUntil(clear$),
      ),
    ),
  );
  return merge(settled$, clear$.pipe(map(() => null))).pipe(
    distinctUntilChanged(),
    switchMap((prefix): Observable<Action> => {
      if (prefix === null) return of(search.suggestCleared({}));
      // Branded fields are checked by decoding, never asserted.
      const request = TagSuggestRequest.decode({ prefix, limit: search.SUGGEST_LIMIT });
      if (E.isLeft(request)) return EMPTY;
      return concat(
        of<Action>(search.suggestRequested({ prefix })),
        deps.api.tagSuggest(request.right).pipe(
          map((r): Action =>
            E.isLeft(r)
              ? search.suggestFailed({ prefix })
              : search.suggestLoaded({
                  prefix,
                  items: r.right.items.map(toTagCard),
                  users: (r.right.users ?? []).map(toUserCard),
                  works: (r.right.works ?? []).map(toWorkCard),
                }),
          ),
        ),
      );
    }),
  );
};

export const searchBoxEpics = [suggestTagsEpic] as const;
