/**
 * Popup status (spec §3 popup data, §7 "popup status (plat web)"): fetched for a signed-in person
 * when the session starts (at start-up or on login). The server's popup data becomes offers of the
 * popup queue (domain/popups); the queue's rules (priorities, once a day, route conditions) then
 * decide what is shown. On logout the offers this call made are withdrawn.
 *
 * The mapping from popup data to the queue's types is not in the spec's words; ours:
 * - show_temp_coins_popup        -> newUserExposure (the new-user temp-coins exposure, priority 1)
 * - wakeup_user_popup            -> revive (priority 2)
 * - discount_popup, pop_type 1   -> halfPrice (priority 3), and its end_at ends the half-discount
 *                                   countdown (`popups/endTimeSet`); an end_at in the past offers nothing
 * - face_photo_popup             -> patFace (priority 4)
 * - user_activity_award_list     -> award (priority 5) when not empty
 * - hot_popup_cnt > 0            -> hot (priority 6); hot_popup_newest_at (the newest of those
 *                                   works) is what the per-account "seen" marker is compared to
 * - daily_stamina (not null)     -> the daily stamina popup is flagged to follow the next close
 * What the popups say (coins, days, the tool, the awards, the count, the stamina) is recorded with
 * `popups/detailsReceived`. Failures are silent: popups are background data.
 */
import * as E from 'fp-ts/Either';
import { EMPTY, concat, distinctUntilChanged, from, map, mergeMap, of, switchMap, take } from 'rxjs';
import { billing, popups, session, type RootState } from '../../domain/index.js';
import { DISCOUNT_POP_TYPE_HALF_PRICE, type PopupStatusResponse } from '../contract/telemetry';
import type { Action, AppEpic } from '../epics/types';
import { readHotSeen } from './hotSeen';

/** The popup types popup status decides; daily stamina is flagged elsewhere. */
export const STATUS_POPUP_TYPES: readonly popups.PopupType[] = [
  'newUserExposure',
  'revive',
  'halfPrice',
  'patFace',
  'award',
  'hot',
];

/** The queue types the popup data offers at `now`. */
export const offeredTypesOf = (data: PopupStatusResponse, now: number): ReadonlySet<popups.PopupType> => {
  const offered = new Set<popups.PopupType>();
  if (data.show_temp_coins_popup) offered.add('newUserExposure');
  if (data.wakeup_user_popup !== null) offered.add('revive');
  const discount = data.discount_popup;
  if (
    discount !== null &&
    discount.pop_type === DISCOUNT_POP_TYPE_HALF_PRICE &&
    popups.isEndTimeValid(discount.end_at, now)
  )
    offered.add('halfPrice');
  if (data.face_photo_popup !== null) offered.add('patFace');
  if (data.user_activity_award_list.length > 0) offered.add('award');
  if (data.hot_popup_cnt > 0) offered.add('hot');
  return offered;
};

/** The events that bring the queue's offers in line with the popup data. */
export const popupStatusActions = (
  data: PopupStatusResponse,
  state: popups.PopupsState,
  now: number,
): Action[] => {
  const offered = offeredTypesOf(data, now);
  const actions: Action[] = [];
  for (const type of STATUS_POPUP_TYPES) {
    const has = state.offered.includes(type);
    if (offered.has(type) && !has) actions.push(popups.popupOffered({ type }));
    if (!offered.has(type) && has) actions.push(popups.popupWithdrawn({ type }));
  }
  const discount = data.discount_popup;
  if (offered.has('halfPrice') && discount !== null && state.endTimes.halfDiscount !== discount.end_at)
    actions.push(popups.endTimeSet({ popup: 'halfDiscount', endAt: discount.end_at }));
  return actions;
};

/** What each popup says, from the same data. */
export const detailsOf = (data: PopupStatusResponse, tempCoins: number | null): popups.PopupDetails => ({
  ...(tempCoins !== null && data.show_temp_coins_popup ? { tempCoins } : {}),
  ...(data.wakeup_user_popup === null ? {} : { balanceDay: data.wakeup_user_popup.balance_day }),
  ...(data.face_photo_popup === null
    ? {}
    : { patFace: { title: data.face_photo_popup.data.title, page: data.face_photo_popup.page } }),
  ...(data.user_activity_award_list.length === 0
    ? {}
    : { awards: data.user_activity_award_list.map((a) => ({ id: a.id, title: a.title, coins: a.coins })) }),
  ...(data.hot_popup_cnt > 0 ? { hotCount: data.hot_popup_cnt } : {}),
  ...(data.hot_popup_cnt > 0 && data.hot_popup_newest_at !== undefined
    ? { hotNewestAt: data.hot_popup_newest_at }
    : {}),
  ...(data.daily_stamina ? { stamina: { ...data.daily_stamina } } : {}),
});

/** The details and the daily stamina flag (spec §4 "the daily stamina popup may follow if flagged"). */
export const popupDetailActions = (data: PopupStatusResponse, s: RootState): Action[] => {
  const flagged = data.daily_stamina !== undefined && data.daily_stamina !== null;
  return [
    popups.detailsReceived({ details: detailsOf(data, billing.selectCoins(s.billing)?.temp ?? null) }),
    ...(s.popups.staminaFollows === flagged ? [] : [popups.dailyStaminaFlagged({ flagged })]),
  ];
};

const withdrawAll = (state: popups.PopupsState): Action[] =>
  STATUS_POPUP_TYPES.filter((type) => state.offered.includes(type)).map((type) =>
    popups.popupWithdrawn({ type }),
  );

const userIdOf = (s: RootState): string | null => session.selectUser(s.session)?.id ?? null;

export const popupStatusEpic: AppEpic = (_action$, state$, { telemetry, clock, platform }) =>
  state$.pipe(
    map(userIdOf),
    distinctUntilChanged(),
    switchMap((userId) =>
      userId === null
        ? from([
            ...withdrawAll(state$.value.popups),
            ...(state$.value.popups.staminaFollows ? [popups.dailyStaminaFlagged({ flagged: false })] : []),
            ...(state$.value.popups.hotSeenAccount === null
              ? []
              : [popups.hotSeenRestored({ accountId: null, at: null })]),
          ])
        : concat(
            // The account's hot marker first, so the offers below are judged against it.
            of(popups.hotSeenRestored({ accountId: userId, at: readHotSeen(platform.storage, userId) })),
            telemetry.api.popupStatus({ plat: 'web' }).pipe(
              take(1),
              mergeMap((result) =>
                E.isLeft(result) || userIdOf(state$.value) !== userId
                  ? EMPTY
                  : from([
                      ...popupDetailActions(result.right, state$.value),
                      ...popupStatusActions(result.right, state$.value.popups, clock.now()),
                    ]),
              ),
            ),
          ),
    ),
  );
