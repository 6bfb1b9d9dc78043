/**
 * The decoration epics: the list, buying (spec §5: refused locally when the balance from the
 * store is below the price, before any call; spec §8 80304 and 80307 from the server), wearing and
 * unloading (the server keeps one avatar box worn; the person's own items, the session's user
 * among them, follow what is worn: domain decorations/ownFrames.ts), the purchase history, the stats and the preview works.
 */
import * as E from 'fp-ts/Either';
import {
  EMPTY,
  concat,
  distinctUntilChanged,
  filter,
  from,
  map,
  merge,
  mergeMap,
  of,
  skip,
  switchMap,
} from 'rxjs';
import { billing, decorations, notices, session, type RootState } from '../../domain/index.js';
import {
  OrnamentBuyRequest,
  OrnamentHistoryRequest,
  OrnamentUseRequest,
  type DecorationPreviewItem as WirePreviewItem,
  type Ornament as WireOrnament,
  type OrnamentPurchase,
} from '../contract/decorations';
import { refreshPayment } from '../billing/commands';
import type { Action, AppEpic } from '../epics/types';
import type { ApiFailure } from '../http/client';
import { reportApiFailure } from '../notices/commands';
import {
  buyDecoration,
  dismissDecorationRefusal,
  loadDecorationPreview,
  loadDecorations,
  loadPurchaseHistory,
  unloadDecoration,
  wearDecoration,
} from './commands';

const typeOf = (t: WireOrnament['type']): decorations.OrnamentType =>
  t === 'avatar_box' ? 'avatarBox' : 'productionBox';

export const toOrnament = (o: WireOrnament): decorations.Ornament => ({
  id: o.id,
  type: typeOf(o.type),
  name: o.name,
  preview: o.preview,
  price: o.price,
  stock: o.stock,
  is_owned: o.is_owned,
  is_wearing: o.is_wearing,
  buy_at: o.buy_at,
  sold: o.sold,
});

export const toPurchase = (p: OrnamentPurchase): decorations.PurchaseRecord => ({
  ornamentId: p.ornament_id,
  type: typeOf(p.type),
  name: p.name,
  price: p.price,
  buyAt: p.buy_at,
  preview: p.preview,
});

export const toPreviewItem = (p: WirePreviewItem): decorations.DecorationPreviewItem => ({
  id: p.id,
  title: p.title,
  modelName: p.model_name,
  channel: p.channel,
  banner: { url: p.banner.url, width: p.banner.width, height: p.banner.height },
  createdAt: p.created_at,
  prompt: p.meta.prompt,
  tags: p.tags.map((t) => t.title),
});

const failedLoad = (resource: decorations.DecorationResource) => decorations.loadFailed({ resource });

/** The balance the spec §5 check reads: the store's coins, null while payment info is unknown. */
const balanceOf = (s: RootState): number | null => billing.selectCoins(s.billing)?.calculate ?? null;

export const loadDecorationsEpic: AppEpic = (action$, _state$, { decorations: deps }) =>
  action$.pipe(
    filter(loadDecorations.match),
    switchMap(() =>
      deps === undefined
        ? EMPTY
        : concat(
            of(decorations.loadRequested({ resource: 'list' })),
            deps.api
              .list({})
              .pipe(
                map((r) =>
                  E.isLeft(r)
                    ? failedLoad('list')
                    : decorations.ornamentsReceived({ ornaments: r.right.items.map(toOrnament) }),
                ),
              ),
          ),
    ),
  );

/** After a purchase or a refusal that changed what is known, the open history page again. */
const historyAgain = (s: RootState): Action[] =>
  s.decorations.history === null ? [] : [loadPurchaseHistory({ page: s.decorations.history.page })];

const buyFailed = (ornamentId: string, failure: ApiFailure, s: RootState): Action[] => {
  const refused = failure.kind === 'api' ? decorations.refusalOfCode(failure.code) : null;
  if (refused === null) return [reportApiFailure({ failure })];
  // Sold out: someone bought the last one meanwhile; the list shows the stock as it is now.
  return [
    decorations.purchaseRefused({ ornamentId, refused }),
    ...(refused === 'soldOut' ? [loadDecorations({})] : []),
    ...(refused === 'noCoins' ? [refreshPayment({})] : []),
    ...historyAgain(s),
  ];
};

/** The success message of a purchase (the card then shows the decoration as owned). */
const boughtNotice = (id: string, name: string): Action =>
  notices.toastRaised({ id, level: 'success', messageKey: 'decorations.bought', values: { name } });

export const buyDecorationEpic: AppEpic = (action$, state$, { decorations: deps, ids }) =>
  action$.pipe(
    filter(buyDecoration.match),
    mergeMap(({ payload: { ornamentId } }) => {
      const s = state$.value;
      const ornament = decorations.selectOrnament(s.decorations, ornamentId);
      const req = OrnamentBuyRequest.decode({ ornament_id: ornamentId });
      if (deps === undefined || ornament === null || E.isLeft(req) || s.decorations.pending[ornamentId])
        return EMPTY;
      const decision = decorations.decidePurchase(ornament, balanceOf(s));
      if (!decision.ok) return of(decorations.purchaseRefused({ ornamentId, refused: decision.refused }));
      return concat(
        of(decorations.actionStarted({ ornamentId, action: 'buy' })),
        deps.api
          .buy(req.right)
          .pipe(
            mergeMap((r): Action[] =>
              E.isLeft(r)
                ? buyFailed(ornamentId, r.left, state$.value)
                : [
                    decorations.ornamentBought({ ornamentId, buyAt: r.right.item.buy_at ?? 0 }),
                    decorations.ornamentsReceived({ ornaments: [toOrnament(r.right.item)] }),
                    boughtNotice(ids(), r.right.item.name),
                    refreshPayment({}),
                    ...historyAgain(state$.value),
                  ],
            ),
          ),
        of(decorations.actionSettled({ ornamentId })),
      );
    }),
  );

/** What a successful wear or unload records, by the ornament's type. */
const wornEvents = (item: WireOrnament, workId: string | undefined, wearing: boolean): Action[] => {
  const ornament = toOrnament(item);
  const fact =
    ornament.type === 'avatarBox'
      ? wearing
        ? decorations.avatarBoxWorn({ ornamentId: ornament.id })
        : decorations.avatarBoxUnloaded({ ornamentId: ornament.id })
      : workId === undefined
        ? null
        : wearing
          ? decorations.productionBoxWorn({ ornamentId: ornament.id, workId })
          : decorations.productionBoxUnloaded({ workId });
  return [...(fact === null ? [] : [fact]), decorations.ornamentsReceived({ ornaments: [ornament] })];
};

export const wearOrUnloadEpic: AppEpic = (action$, state$, { decorations: deps }) =>
  action$.pipe(
    filter((a) => wearDecoration.match(a) || unloadDecoration.match(a)),
    mergeMap((command) => {
      const wearing = wearDecoration.match(command);
      const { ornamentId, workId } = (command as ReturnType<typeof wearDecoration>).payload;
      const req = OrnamentUseRequest.decode(
        workId === undefined ? { ornament_id: ornamentId } : { ornament_id: ornamentId, work_id: workId },
      );
      if (deps === undefined || E.isLeft(req) || state$.value.decorations.pending[ornamentId]) return EMPTY;
      const call = wearing ? deps.api.use(req.right) : deps.api.unload(req.right);
      return concat(
        of(decorations.actionStarted({ ornamentId, action: wearing ? 'wear' : 'unload' })),
        call.pipe(
          mergeMap((r) =>
            E.isLeft(r)
              ? of<Action>(reportApiFailure({ failure: r.left }))
              : // The person's own items, the header's avatar among them, take the new frame from
                // the worn events themselves (domain decorations/ownFrames.ts).
                from(wornEvents(r.right.item, workId, wearing)),
          ),
        ),
        of(decorations.actionSettled({ ornamentId })),
      );
    }),
  );

export const loadHistoryEpic: AppEpic = (action$, _state$, { decorations: deps }) =>
  action$.pipe(
    filter(loadPurchaseHistory.match),
    switchMap(({ payload: { page } }) => {
      const req = OrnamentHistoryRequest.decode({
        page,
        page_size: decorations.PURCHASE_HISTORY_PAGE_SIZE,
      });
      return deps === undefined || E.isLeft(req)
        ? EMPTY
        : concat(
            of(decorations.loadRequested({ resource: 'history' })),
            deps.api.history(req.right).pipe(
              map((r) =>
                E.isLeft(r)
                  ? failedLoad('history')
                  : decorations.historyReceived({
                      page: r.right.page,
                      total: r.right.total,
                      items: r.right.items.map(toPurchase),
                    }),
              ),
            ),
          );
    }),
  );

export const loadPreviewEpic: AppEpic = (action$, _state$, { decorations: deps }) =>
  action$.pipe(
    filter(loadDecorationPreview.match),
    switchMap(() =>
      deps === undefined
        ? EMPTY
        : merge(
            concat(
              of(decorations.loadRequested({ resource: 'stats' })),
              deps.api
                .stats()
                .pipe(
                  map((r) =>
                    E.isLeft(r) ? failedLoad('stats') : decorations.statsReceived({ stats: r.right }),
                  ),
                ),
            ),
            concat(
              of(decorations.loadRequested({ resource: 'previews' })),
              deps.api
                .previews()
                .pipe(
                  map((r) =>
                    E.isLeft(r)
                      ? failedLoad('previews')
                      : decorations.previewsReceived({ items: r.right.items.map(toPreviewItem) }),
                  ),
                ),
            ),
          ),
    ),
  );

export const dismissRefusalEpic: AppEpic = (action$) =>
  action$.pipe(
    filter(dismissDecorationRefusal.match),
    map(() => decorations.refusalDismissed({})),
  );

/** Another person (or nobody) signed in: what was the previous person's is forgotten. */
export const clearOnAccountChangeEpic: AppEpic = (_action$, state$) =>
  state$.pipe(
    map((s) => session.selectUser(s.session)?.id ?? null),
    distinctUntilChanged(),
    skip(1),
    map(() => decorations.accountCleared({})),
  );

export const decorationsEpics: readonly AppEpic[] = [
  loadDecorationsEpic,
  buyDecorationEpic,
  wearOrUnloadEpic,
  loadHistoryEpic,
  loadPreviewEpic,
  dismissRefusalEpic,
  clearOnAccountChangeEpic,
];
