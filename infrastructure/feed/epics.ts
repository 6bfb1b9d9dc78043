/**
 * The community square: pages of a feed tab on request (the domain decides the query and the
 * next offset), muting and reports. Likes are the social area's (`infrastructure/social/epics.ts`,
 * core epics: a like button sits on any page).
 */
import * as E from 'fp-ts/Either';
import { EMPTY, concat, exhaustMap, filter, from, groupBy, map, mergeMap, of, race, take, timer } from 'rxjs';
import { feed, social } from '../../domain/index.js';
import type { ContentItem } from '../contract/feed';
import { ReportRequest } from '../contract/social';
import { loadFeedPage, muteCard, refreshFeed, reportCard, undoMute } from './commands';
import { reportApiFailure } from '../notices/commands';
import { toSocialItem } from '../social/mappers';
import { apiCodeOf } from '../http/client';
import type { Action, AppEpic } from '../epics/types';
import { toast } from '../notices/toast';

/** A square card from the contract's item, with the decorations its author wears (spec §2, §3). */
export const toCard = (item: ContentItem): feed.FeedCard => ({
  id: item.id,
  obj_type: item.obj_type as feed.FeedCard['obj_type'],
  cardType: item.card_type as feed.FeedCard['cardType'],
  title: item.title,
  cover: item.cover,
  authorId: item.author.id,
  author: {
    name: item.author.name,
    avatar: item.author.avatar,
    avatarFrame: item.author.avatar_frame ?? null,
  },
  productionFrame: item.production_frame ?? null,
  counts: {
    ...(item.stat.num_of_play === undefined ? {} : { play: item.stat.num_of_play }),
    ...(item.stat.num_of_task === undefined ? {} : { task: item.stat.num_of_task }),
    ...(item.stat.num_of_token === undefined ? {} : { usage: item.stat.num_of_token }),
  },
  ...(item.media === undefined ? {} : { media: item.media }),
  ...(item.trained_model_id === undefined ? {} : { trainedModelId: item.trained_model_id }),
  ...(item.generation === undefined
    ? {}
    : {
        generation: {
          prompt: item.generation.prompt,
          seed: item.generation.seed,
          aspectRatio: item.generation.aspect_ratio,
          width: item.generation.width,
          height: item.generation.height,
          ...(item.generation.model === undefined ? {} : { model: item.generation.model }),
        },
      }),
});

const isTab = (tab: string): tab is feed.ListTab => (feed.LIST_TABS as readonly string[]).includes(tab);

/** The first page's query a command asks for: its own, else the tab's defaults; null for no list tab. */
const queryOf = (payload: { readonly tab: string; readonly query?: feed.FeedQuery }): feed.FeedQuery | null =>
  payload.query ?? (isTab(payload.tab) ? feed.buildFeedQuery(payload.tab) : null);

/**
 * One request per query at a time (its sort, time and filters; the offset aside): a query that is
 * loading or has no more pages asks for nothing. Another query of the same tab starts its own
 * list at once; the answer of the one it replaced is dropped by the domain (its key is stale).
 */
export const loadFeedPageEpic: AppEpic = (action$, state$, { api }) =>
  action$.pipe(
    filter(loadFeedPage.match),
    map(({ payload }) => queryOf(payload)),
    filter((q): q is feed.FeedQuery => q !== null),
    groupBy((q) => feed.feedQueryKey(q)),
    mergeMap((byQuery$) =>
      byQuery$.pipe(
        exhaustMap((first) => {
          const offset = feed.selectNextOffsetFor(state$.value.feed, first);
          if (offset === null) return EMPTY;
          const query: feed.FeedQuery = { ...first, params: { ...first.params, offset } };
          return concat(
            of<Action>(feed.pageRequested({ query })),
            api.feedPage(query.path, query.params as never).pipe(
              mergeMap((result): Action[] =>
                E.isLeft(result)
                  ? [
                      feed.pageFailed({ query, code: apiCodeOf(result.left) }),
                      reportApiFailure({ failure: result.left }),
                    ]
                  : [
                      social.itemsReceived({ items: result.right.items.map(toSocialItem) }),
                      feed.pageLoaded({
                        query,
                        items: result.right.items.map(toCard),
                        nextOffset: result.right.offset,
                        hasMore: result.right.has_more,
                      }),
                    ],
              ),
            ),
          );
        }),
      ),
    ),
  );

export const refreshFeedEpic: AppEpic = (action$) =>
  action$.pipe(
    filter(refreshFeed.match),
    mergeMap(({ payload }) => {
      const query = queryOf(payload);
      return query === null
        ? EMPTY
        : from([feed.feedReset({ tab: query.tab }), loadFeedPage({ tab: payload.tab, query })]);
    }),
  );

/**
 * Spec §4 "Muting: reporting or 'not interested' adds its id to a hidden list kept locally". A
 * 'not interested' stays undoable for social.MUTE_UNDO_MS: an Undo within it shows the card again,
 * else the window closes and it stays hidden.
 */
export const muteCardEpic: AppEpic = (action$, _state$, { scheduler }) =>
  action$.pipe(
    filter(muteCard.match),
    mergeMap(({ payload: { id, reason } }) => {
      const hide = social.muted({ id, reason });
      if (reason !== 'notInterested') return of<Action>(hide);
      const undone$ = action$.pipe(
        filter((a) => undoMute.match(a) && a.payload.id === id),
        take(1),
        map((): Action => social.muteUndone({ id })),
      );
      const expired$ = timer(social.MUTE_UNDO_MS, scheduler).pipe(
        map((): Action => social.muteUndoExpired({ id })),
      );
      return concat(of<Action>(hide), race(undone$, expired$));
    }),
  );

/**
 * Spec §4 and §7 "Report artwork (id, obj_type)": the card is hidden at once (muting is local and
 * never waits), then the report is sent; the §8 ReportSuccess message confirms it, a refusal goes
 * through the error map.
 */
export const reportCardEpic: AppEpic = (action$, _state$, { api, ids }) =>
  action$.pipe(
    filter(reportCard.match),
    mergeMap(({ payload }) => {
      const request = ReportRequest.decode({
        id: payload.id,
        obj_type: payload.objType,
        reason: payload.reason,
      });
      const hide = social.muted({ id: payload.id, reason: 'report' });
      if (E.isLeft(request)) return of<Action>(hide);
      return concat(
        of<Action>(hide),
        api
          .reportItem(request.right)
          .pipe(
            map((result): Action =>
              E.isRight(result)
                ? toast(ids, 'success', 'ReportSuccess')
                : reportApiFailure({ failure: result.left }),
            ),
          ),
      );
    }),
  );

export const feedEpics = [loadFeedPageEpic, refreshFeedEpic, muteCardEpic, reportCardEpic] as const;
