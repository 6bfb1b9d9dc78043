/**
 * Social epics (spec §2, §4, §5, §7): likes, collects and follows as optimistic ops; a guest's
 * ask recorded and carried out after the sign-in; writes made offline queued in the outbox and
 * sent once, in order, when the browser is back online (each with its op id as idempotency key,
 * so a write sent twice counts once); folders, the personal area's lists, profiles, stats, the
 * guide status and the message centre.
 */
import * as E from 'fp-ts/Either';
import {
  EMPTY,
  concat,
  defer,
  distinctUntilChanged,
  exhaustMap,
  filter,
  from,
  groupBy,
  map,
  merge,
  mergeMap,
  of,
  startWith,
  switchMap,
  take,
  type Observable,
} from 'rxjs';
import { messages, notices, people, routing, session, social, type RootState } from '../../domain/index.js';
import type { ContentItem as ContractItem } from '../contract/feed';
import type { Notice } from '../contract/messages';
import type { AccountStats, Profile as ContractProfile } from '../contract/profile';
import {
  COLLECT_BATCH_MAX,
  COLLECT_KEYS,
  COLLECT_KEY_NAMES,
  type CollectCategory,
  type CollectKey,
} from '../contract/social';
import type { UserCard } from '../contract/feed';
import type { ApiFailure, ApiResult } from '../http/client';
import { reportApiFailure } from '../notices/commands';
import { appStarted } from '../store/commands';
import { toSocialItem } from '../epics/mappers';
import type { Action, AppEpic } from '../epics/types';
import type { Dependencies } from '../store/dependencies';
import {
  collectItem,
  createFolder,
  loadFolders,
  loadGuideStatus,
  loadInvitationCodes,
  loadList,
  loadMessages,
  loadProfile,
  loadStats,
  loadUnreadCounts,
  markAllMessagesRead,
  markMessageRead,
  moveCollects,
  removeCollects,
  setFollow,
  setGuideStatus,
  setLike,
  toggleFollow,
  toggleLike,
  uncollectItem,
} from './commands';

const PAGE = 20;

// ---- mapping the contract to the domain ------------------------------------------------------

export const toFeedCard = (item: ContractItem) => ({
  id: item.id,
  obj_type: item.obj_type as social.ContentItem['obj_type'],
  cardType: item.card_type as never,
  title: item.title,
  cover: item.cover,
  authorId: item.author.id,
  productionFrame: item.production_frame ?? null,
});

export const toPerson = (u: UserCard): people.PersonCard => ({
  id: u.id,
  name: u.name,
  avatar: u.avatar,
  avatarFrame: u.avatar_frame ?? null,
  followers: u.num_of_followers,
  works: u.num_of_works,
});

export const toProfile = (p: ContractProfile): people.Profile => ({
  id: p.id,
  name: p.name,
  avatar: p.avatar,
  avatarFrame: p.avatar_frame ?? null,
  createdAt: p.create_at,
  isSelf: p.is_self,
  followers: p.num_of_followers,
  following: p.num_of_following,
  works: p.num_of_works,
});

const toStats = (s: AccountStats): people.Stats => ({
  collected: s.colleted_cnt,
  following: s.following_cnt,
  followers: s.follower_cnt,
  earnings: s.earnings,
  byDay: s.earnings_by_day,
  asOf: s.as_of,
});

export const toMessage = (n: Notice): messages.Message => ({
  id: n.id,
  type: n.type,
  action: n.action,
  actor:
    n.actor === null
      ? null
      : {
          id: n.actor.id,
          name: n.actor.name,
          avatar: n.actor.avatar,
          avatarFrame: n.actor.avatar_frame ?? null,
        },
  objId: n.obj_id,
  objType: n.obj_type,
  content: n.content,
  cover: n.cover,
  isRead: n.is_read,
  createdAt: n.create_at,
});

/** Spec §7 collect key of a card type (model and LoRA share an obj_type, so the card type decides). */
export const collectKeyOf = (cardType: string): CollectKey | null =>
  COLLECT_KEY_NAMES.find((k) => (COLLECT_KEYS[k] as readonly string[]).includes(cardType)) ?? null;

const categoryOf = (cardType: string): CollectCategory | null => {
  const key = collectKeyOf(cardType);
  return key === null ? null : (key.slice(0, -3) as CollectCategory);
};

const codeOf = (f: ApiFailure): number => (f.kind === 'api' ? f.code : 0);

const signedIn = (s: RootState) => s.session.status === 'signedIn';

/** A guest's ask: remembered, and the login dialog opens (spec §5). */
const askToSignIn = (intent: social.SocialIntent): Action[] => [
  social.intentRecorded({ intent }),
  notices.dialogOpened({ name: 'login', variant: null }),
];

// ---- sending one write, or queueing it -------------------------------------------------------

const idOf = (key: string) => key.slice(key.indexOf(':') + 1);

/** The events a write's answer leads to. */
const send = (deps: Dependencies, state: RootState, request: social.QueuedRequest): Observable<Action> => {
  const { api, connectivity } = deps.social;
  const { opId } = request;
  /** Offline while the call failed on the network: back into the outbox, the op stays pending. */
  const failed = (failure: ApiFailure, rollBack: Action): Action[] =>
    failure.kind === 'network' && !connectivity.isOnline()
      ? [social.requestQueued({ request })]
      : [rollBack, reportApiFailure({ failure })];
  const answer = <A>(call: Observable<ApiResult<A>>, ok: (a: A) => Action[], rollBack: Action) =>
    call.pipe(mergeMap((r) => from(E.isRight(r) ? ok(r.right) : failed(r.left, rollBack))));
  switch (request.kind) {
    case 'like': {
      const item = social.selectContentItem(state.social, request.key);
      const objType = item?.obj_type ?? Number(request.key.split(':')[0]);
      return answer(
        api.like({
          items: [
            { event_name: request.liked ? 'like' : 'dislike', obj_id: idOf(request.key), obj_type: objType },
          ],
          idempotency_key: opId,
        } as never),
        (res) => {
          const result = res.likes[0];
          return [
            social.likeConfirmed({ opId }),
            ...(result
              ? [
                  social.likeStateReceived({
                    key: request.key,
                    liked: result.liked,
                    num_of_like: result.num_of_like,
                  }),
                ]
              : []),
          ];
        },
        social.likeRolledBack({ opId }),
      );
    }
    case 'collect': {
      const key = collectKeyOf(request.cardType);
      if (key === null) return of(social.collectRolledBack({ opId }));
      return answer(
        api.collectAdd({
          [key]: idOf(request.key),
          ...(request.folderId === null ? {} : { collection_no: request.folderId }),
          idempotency_key: opId,
        } as never),
        (res) => [social.collectConfirmed({ opId, collectId: res.id }), loadFolders({})],
        social.collectRolledBack({ opId }),
      );
    }
    case 'uncollect':
      return answer(
        api.collectRemove({ id: request.collectId, idempotency_key: opId } as never),
        () => [
          social.collectConfirmed({ opId, collectId: null }),
          people.collectsRemoved({ collectIds: [request.collectId] }),
        ],
        social.collectRolledBack({ opId }),
      );
    case 'follow': {
      const call = request.follow ? api.follow : api.unfollow;
      return answer(
        call({ follow_account_no: request.authorId, idempotency_key: opId } as never),
        () => [
          social.followConfirmed({ opId }),
          // A profile on screen shows the new follower count.
          ...(people.selectProfile(state.people, request.authorId) !== null
            ? [loadProfile({ id: request.authorId })]
            : []),
        ],
        social.followRolledBack({ opId }),
      );
    }
  }
};

/** A write goes at once when online with nothing queued before it, else into the outbox. */
const deliver = (deps: Dependencies, state: RootState, request: social.QueuedRequest): Observable<Action> =>
  social.deliveryOf(social.selectIsOnline(state.social), social.selectOutbox(state.social).length) === 'send'
    ? send(deps, state, request)
    : of(social.requestQueued({ request }));

// ---- likes, collects, follows ----------------------------------------------------------------

/** Spec §4 "Like: toggles liked and adjusts counts by one"; §5 "liking requires login". */
export const likeEpic: AppEpic = (action$, state$, deps) =>
  merge(
    action$.pipe(
      filter(toggleLike.match),
      map(({ payload }) => ({ key: payload.key, liked: null as boolean | null })),
    ),
    action$.pipe(
      filter(setLike.match),
      map(({ payload }) => ({ key: payload.key, liked: payload.liked as boolean | null })),
    ),
  ).pipe(
    mergeMap(({ key, liked }) => {
      const state = state$.value;
      if (social.decideSocialAction(state.session, 'like').kind === 'loginDialog')
        return from(askToSignIn({ kind: 'like', key }));
      const item = social.selectContentItem(state.social, key);
      if (!item || social.selectIsItemPending(state.social, key)) return EMPTY;
      const wanted = liked ?? !item.liked;
      if (wanted === item.liked) return EMPTY;
      const opId = deps.ids();
      return concat(
        of<Action>(social.likeToggled({ key, opId })),
        defer(() => deliver(deps, state$.value, { kind: 'like', opId, key, liked: wanted })),
      );
    }),
  );

/** Spec §4 "Collect: adds (to the default or a chosen folder) or removes"; §5 login. */
export const collectEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(collectItem.match),
    mergeMap(({ payload: { key, cardType, folder } }) => {
      const state = state$.value;
      if (social.decideSocialAction(state.session, 'collect').kind === 'loginDialog')
        return from(askToSignIn({ kind: 'collect', key, cardType, folder }));
      if (!social.selectIsItemKnown(state.social, key) || social.selectIsItemPending(state.social, key))
        return EMPTY;
      const opId = deps.ids();
      return concat(
        of<Action>(social.collectAdded({ key, opId, folder })),
        defer(() =>
          deliver(deps, state$.value, {
            kind: 'collect',
            opId,
            key,
            cardType,
            folderId: folder?.collection_id ?? null,
          }),
        ),
      );
    }),
  );

export const uncollectEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(uncollectItem.match),
    mergeMap(({ payload: { key } }) => {
      const state = state$.value;
      const collectId = social.selectCollectOf(state.social, key)?.id ?? null;
      // Without the server's collect id (still on its way) there is nothing to name yet.
      if (!signedIn(state) || collectId === null || social.selectIsItemPending(state.social, key))
        return EMPTY;
      const opId = deps.ids();
      return concat(
        of<Action>(social.collectRemoved({ key, opId })),
        defer(() => deliver(deps, state$.value, { kind: 'uncollect', opId, key, collectId })),
      );
    }),
  );

/** Spec §4 "Follow: toggles is_follow"; a guest signs in first. */
export const followEpic: AppEpic = (action$, state$, deps) =>
  merge(
    action$.pipe(
      filter(toggleFollow.match),
      map(({ payload }) => ({ authorId: payload.authorId, follow: null as boolean | null })),
    ),
    action$.pipe(
      filter(setFollow.match),
      map(({ payload }) => ({ authorId: payload.authorId, follow: payload.follow as boolean | null })),
    ),
  ).pipe(
    mergeMap(({ authorId, follow }) => {
      const state = state$.value;
      if (social.decideSocialAction(state.session, 'follow').kind === 'loginDialog')
        return from(askToSignIn({ kind: 'follow', authorId }));
      if (session.selectUser(state.session)?.id === authorId) return EMPTY;
      if (social.selectIsFollowPending(state.social, authorId)) return EMPTY;
      const now = social.selectIsFollowing(state.social, authorId);
      const wanted = follow ?? !now;
      if (wanted === now) return EMPTY;
      const opId = deps.ids();
      return concat(
        of<Action>(social.followToggled({ authorId, opId })),
        defer(() => deliver(deps, state$.value, { kind: 'follow', opId, authorId, follow: wanted })),
      );
    }),
  );

// ---- guests' intents --------------------------------------------------------------------------

/** After the sign-in, what the guest asked for happens (as the state wanted, never a toggle). */
export const replayIntentEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(session.userInfoSet.match),
    mergeMap((): Action[] => {
      const intent = social.replayableIntent(social.selectIntent(state$.value.social), state$.value.session);
      if (intent === null) return [];
      const act =
        intent.kind === 'like'
          ? setLike({ key: intent.key, liked: true })
          : intent.kind === 'collect'
            ? collectItem({ key: intent.key, cardType: intent.cardType, folder: intent.folder })
            : setFollow({ authorId: intent.authorId, follow: true });
      return [social.intentReplayed({ intent }), act];
    }),
  );

/** The login dialog closed and nobody signed in: the ask is forgotten. */
export const dropIntentEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(notices.dialogClosed.match),
    filter(({ payload }) => payload.name === 'login'),
    filter(() => !signedIn(state$.value) && social.selectIntent(state$.value.social) !== null),
    map(() => social.intentDropped({})),
  );

// ---- connectivity and the outbox -------------------------------------------------------------

/** The browser's online and offline events, from the start (its state then first). */
export const connectivityEpic: AppEpic = (action$, _state$, { social: deps }) =>
  action$.pipe(
    filter(appStarted.match),
    take(1),
    switchMap(() =>
      deps.connectivity.changes$.pipe(
        startWith(deps.connectivity.isOnline()),
        distinctUntilChanged(),
        map((online) => social.connectivityChanged({ online })),
      ),
    ),
  );

/**
 * Back online (or a write queued while online behind others), the outbox is sent oldest first,
 * one at a time; each leaves the outbox before its call, so nothing is sent twice by this epic.
 * Going offline mid-way stops the drain; a call that then fails goes back into the outbox.
 */
export const drainOutboxEpic: AppEpic = (action$, state$, deps) => {
  const drain = (): Observable<Action> =>
    defer(() => {
      const s = state$.value;
      const next = social.selectOutbox(s.social)[0];
      if (next === undefined || !social.selectIsOnline(s.social) || !signedIn(s)) return EMPTY;
      return concat(of<Action>(social.requestSent({ opId: next.opId })), send(deps, s, next), drain());
    });
  return merge(
    action$.pipe(filter((a) => social.connectivityChanged.match(a) && a.payload.online)),
    action$.pipe(filter(social.requestQueued.match)),
    action$.pipe(filter(session.userInfoSet.match)),
  ).pipe(
    filter(() => social.selectIsOnline(state$.value.social)),
    exhaustMap(drain),
  );
};

// ---- folders ---------------------------------------------------------------------------------

export const loadFoldersEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(loadFolders.match),
    filter(() => signedIn(state$.value)),
    switchMap(() =>
      concat(
        of<Action>(people.foldersRequested({})),
        deps.api.folderList({}).pipe(
          map((r): Action =>
            E.isRight(r)
              ? people.foldersLoaded({
                  folders: r.right.items.map((f) => ({
                    id: f.collection_id,
                    name: f.collection_name,
                    isDefault: f.is_default,
                    count: f.num_of_items,
                  })),
                })
              : people.foldersFailed({ code: codeOf(r.left) }),
          ),
        ),
      ),
    ),
  );

export const createFolderEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(createFolder.match),
    filter(() => signedIn(state$.value)),
    mergeMap(({ payload }) =>
      deps.api.folderCreate({ name: payload.name.trim() } as never).pipe(
        mergeMap((r): Action[] => {
          if (E.isLeft(r)) return [reportApiFailure({ failure: r.left })];
          const f = r.right;
          return [
            people.folderCreated({
              folder: {
                id: f.collection_id,
                name: f.collection_name,
                isDefault: f.is_default,
                count: f.num_of_items,
              },
            }),
            ...(payload.collect
              ? [
                  collectItem({
                    key: payload.collect.key,
                    cardType: payload.collect.cardType,
                    folder: { collection_id: f.collection_id, collection_name: f.collection_name },
                  }),
                ]
              : []),
          ];
        }),
      ),
    ),
  );

// ---- lists -----------------------------------------------------------------------------------

const pageOf = (deps: Dependencies['social'], list: people.ListRef, offset: number): Observable<Action[]> => {
  const failed = (f: ApiFailure): Action[] => [people.listFailed({ list, code: codeOf(f) })];
  const req = { account_no: list.id, offset, limit: PAGE } as never;
  switch (list.kind) {
    case 'works':
      return deps.api.works(req).pipe(
        map((r) =>
          E.isLeft(r)
            ? failed(r.left)
            : [
                social.itemsReceived({ items: r.right.items.map(toSocialItem) }),
                people.listPageLoaded({
                  list: { kind: 'works', id: list.id },
                  entries: r.right.items.map(toFeedCard),
                  offset: r.right.offset,
                  hasMore: r.right.has_more,
                }),
              ],
        ),
      );
    case 'collects':
      return deps.api.collectList({ folder_no: list.id, offset, limit: PAGE } as never).pipe(
        map((r) =>
          E.isLeft(r)
            ? failed(r.left)
            : [
                social.itemsReceived({ items: r.right.items.map(toSocialItem) }),
                people.listPageLoaded({
                  list: { kind: 'collects', id: list.id },
                  entries: r.right.items.flatMap((i) =>
                    i.collect === null ? [] : [{ collectId: i.collect.id, card: toFeedCard(i) }],
                  ),
                  offset: r.right.offset,
                  hasMore: r.right.has_more,
                }),
              ],
        ),
      );
    case 'followers':
    case 'following': {
      const call = list.kind === 'followers' ? deps.api.followers : deps.api.following;
      const kind = list.kind;
      return call(req).pipe(
        map((r) =>
          E.isLeft(r)
            ? failed(r.left)
            : [
                social.followsReceived({
                  follows: Object.fromEntries(r.right.items.map((u) => [u.id, u.is_follow])),
                }),
                people.listPageLoaded({
                  list: { kind: kind as 'followers', id: list.id },
                  entries: r.right.items.map(toPerson),
                  offset: r.right.offset,
                  hasMore: r.right.has_more,
                }),
              ],
        ),
      );
    }
  }
};

/** One page request per list at a time; a reset starts from the first page. */
export const loadListEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(loadList.match),
    groupBy(({ payload }) => `${payload.list.kind}:${payload.list.id}`),
    mergeMap((byList$) =>
      byList$.pipe(
        exhaustMap(({ payload }) => {
          const { list } = payload;
          const reset = payload.reset === true;
          const offset = reset ? 0 : people.selectNextOffset(state$.value.people, list.kind, list.id);
          if (offset === null) return EMPTY;
          return concat(
            of<Action>(people.listRequested({ list, reset })),
            pageOf(deps, list, offset).pipe(mergeMap((actions) => from(actions))),
          );
        }),
      ),
    ),
  );

/** The cards of the given collects as the folder lists hold them, grouped by spec §7 category. */
const byCategory = (state: RootState, collectIds: readonly string[]): Map<CollectCategory, string[]> => {
  const wanted = new Set(collectIds);
  const out = new Map<CollectCategory, string[]>();
  for (const list of Object.values(state.people.lists.collects))
    for (const entry of list.entries) {
      if (!wanted.has(entry.collectId)) continue;
      wanted.delete(entry.collectId);
      const category = categoryOf(entry.card.cardType);
      if (category === null) continue;
      out.set(category, [...(out.get(category) ?? []), entry.collectId]);
    }
  return out;
};

const chunks = <T>(xs: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(xs.length / size) }, (_, i) => xs.slice(i * size, (i + 1) * size));

/** Spec §7 batch un-collect, one call per category and at most COLLECT_BATCH_MAX ids (40020). */
export const removeCollectsEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(removeCollects.match),
    mergeMap(({ payload }) => {
      const calls = [...byCategory(state$.value, payload.collectIds)].flatMap(([category, ids]) =>
        chunks(ids, COLLECT_BATCH_MAX).map((part) =>
          deps.api
            .collectBatchRemove({ ids: part, category } as never)
            .pipe(
              map((r): Action[] =>
                E.isRight(r)
                  ? [people.collectsRemoved({ collectIds: part })]
                  : [reportApiFailure({ failure: r.left })],
              ),
            ),
        ),
      );
      return concat(
        from(calls).pipe(
          mergeMap((c) => c),
          mergeMap((actions) => from(actions)),
        ),
        of<Action>(loadFolders({})),
      );
    }),
  );

/** Spec §7 move collect (folder_no, ids, category), one call per category. */
export const moveCollectsEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(moveCollects.match),
    mergeMap(({ payload }) => {
      const calls = [...byCategory(state$.value, payload.collectIds)].flatMap(([category, ids]) =>
        chunks(ids, COLLECT_BATCH_MAX).map((part) =>
          deps.api
            .collectMove({ folder_no: payload.folderId, ids: part, category } as never)
            .pipe(
              map((r): Action[] =>
                E.isRight(r)
                  ? [people.collectsMoved({ collectIds: part, folderId: payload.folderId })]
                  : [reportApiFailure({ failure: r.left })],
              ),
            ),
        ),
      );
      return concat(
        from(calls).pipe(
          mergeMap((c) => c),
          mergeMap((actions) => from(actions)),
        ),
        of<Action>(loadFolders({})),
      );
    }),
  );

// ---- profile, stats, guide -------------------------------------------------------------------

/** An unknown id (10404) is a missing profile: the page is a real 404. */
export const loadProfileEpic: AppEpic = (action$, _state$, { social: deps }) =>
  action$.pipe(
    filter(loadProfile.match),
    groupBy(({ payload }) => payload.id),
    mergeMap((byId$) =>
      byId$.pipe(
        switchMap(({ payload: { id } }) =>
          concat(
            of<Action>(people.profileRequested({ id })),
            deps.api.profile({ account_no: id } as never).pipe(
              mergeMap((r): Action[] => {
                if (E.isRight(r))
                  return [
                    social.followsReceived({ follows: { [r.right.id]: r.right.is_follow } }),
                    people.profileLoaded({ profile: toProfile(r.right) }),
                  ];
                const code = codeOf(r.left);
                return code === 10404 || code === 10400
                  ? [people.profileMissing({ id })]
                  : [people.profileFailed({ id, code })];
              }),
            ),
          ),
        ),
      ),
    ),
  );

export const loadStatsEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(loadStats.match),
    filter(() => signedIn(state$.value)),
    switchMap(() =>
      concat(
        of<Action>(people.statsRequested({})),
        deps.api
          .stats({})
          .pipe(
            map((r): Action =>
              E.isRight(r)
                ? people.statsLoaded({ stats: toStats(r.right) })
                : people.statsFailed({ code: codeOf(r.left) }),
            ),
          ),
      ),
    ),
  );

export const guideStatusEpic: AppEpic = (action$, state$, { social: deps }) =>
  merge(
    action$.pipe(
      filter(loadGuideStatus.match),
      map(() => deps.api.guideStatus({})),
    ),
    action$.pipe(
      filter(setGuideStatus.match),
      map(({ payload }) => deps.api.setGuideStatus({ guide_status: payload.done ? 1 : 0 })),
    ),
  ).pipe(
    filter(() => signedIn(state$.value)),
    switchMap((call$) =>
      call$.pipe(
        map((r): Action =>
          E.isRight(r)
            ? people.guideStatusLoaded({ done: r.right.guide_status === 1 })
            : reportApiFailure({ failure: r.left }),
        ),
      ),
    ),
  );

/** Spec §2: the codes the login page's chan_id and u_code left on this device (written by the route guard). */
export const invitationCodesEpic: AppEpic = (action$, _state$, { platform }) =>
  action$.pipe(
    filter(loadInvitationCodes.match),
    map(() =>
      people.invitationCodesRead({
        channelInviteCode: platform.storage.get(routing.STORE_EFFECT_KEYS.channelInviteCode),
        referralCode: platform.storage.get(routing.STORE_EFFECT_KEYS.referralCode),
      }),
    ),
  );

// ---- messages (spec §3 unread counts, §4 messages) -------------------------------------------

const counts = (r: ApiResult<messages.UnreadCounts>): Action[] =>
  E.isRight(r) ? [messages.unreadCountsReceived({ counts: r.right })] : [];

/** The bell's counts: on every sign-in and when asked (the message centre, the bell). */
export const unreadCountsEpic: AppEpic = (action$, state$, { social: deps }) =>
  merge(action$.pipe(filter(session.userInfoSet.match)), action$.pipe(filter(loadUnreadCounts.match))).pipe(
    filter(() => signedIn(state$.value)),
    switchMap(() => deps.api.unreadCounts({}).pipe(mergeMap((r) => from(counts(r))))),
  );

export const loadMessagesEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(loadMessages.match),
    filter(() => signedIn(state$.value)),
    groupBy(({ payload }) => payload.type),
    mergeMap((byType$) =>
      byType$.pipe(
        exhaustMap(({ payload: { type, reset } }) => {
          const held = messages.selectMessageList(state$.value.messages, type);
          const again = reset === true || held === null;
          if (!again && (held.status === 'loading' || !held.hasMore)) return EMPTY;
          const offset = again ? 0 : held.offset;
          return concat(
            of<Action>(messages.messageListRequested({ type, reset: again })),
            deps.api.notices({ type, offset, limit: messages.MESSAGE_PAGE_SIZE } as never).pipe(
              map((r): Action =>
                E.isRight(r)
                  ? messages.messagePageLoaded({
                      type,
                      messages: r.right.items.map(toMessage),
                      offset: r.right.offset,
                      hasMore: r.right.has_more,
                    })
                  : messages.messageListFailed({ type, code: codeOf(r.left) }),
              ),
            ),
          );
        }),
      ),
    ),
  );

/** Spec §4: reading one lowers that type's count and the total at once; the server's counts follow. */
export const markMessageReadEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(markMessageRead.match),
    filter(() => signedIn(state$.value)),
    mergeMap(({ payload: { type, id } }) =>
      concat(
        of<Action>(messages.messagesRead({ type, ids: [id] })),
        deps.api
          .read({ type, ids: [id] } as never)
          .pipe(
            mergeMap((r) =>
              from(E.isRight(r) ? counts(r) : [reportApiFailure({ failure: r.left }), loadUnreadCounts({})]),
            ),
          ),
      ),
    ),
  );

/** Spec §4: read-all zeroes everything at once; the server's counts follow. */
export const markAllReadEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(markAllMessagesRead.match),
    filter(() => signedIn(state$.value)),
    exhaustMap(() =>
      concat(
        of<Action>(messages.allMarkedRead({})),
        deps.api
          .readAll({})
          .pipe(
            mergeMap((r) =>
              from(E.isRight(r) ? counts(r) : [reportApiFailure({ failure: r.left }), loadUnreadCounts({})]),
            ),
          ),
      ),
    ),
  );

export const socialEpics: readonly AppEpic[] = [
  likeEpic,
  collectEpic,
  uncollectEpic,
  followEpic,
  replayIntentEpic,
  dropIntentEpic,
  connectivityEpic,
  drainOutboxEpic,
  loadFoldersEpic,
  createFolderEpic,
  loadListEpic,
  removeCollectsEpic,
  moveCollectsEpic,
  loadProfileEpic,
  loadStatsEpic,
  guideStatusEpic,
  invitationCodesEpic,
  unreadCountsEpic,
  loadMessagesEpic,
  markMessageReadEpic,
  markAllReadEpic,
];
