/**
 * Popup status (spec §3 popup data, §7 "popup status (plat web)"), derived from the account:
 * - discount_popup: a half-price offer (pop_type 1) for a non-member during the first 7 days
 *   after sign-up, ending 7 days after sign-up;
 * - face_photo_popup: the AI face-swap tool, for an account that has not created any task yet;
 * - show_temp_coins_popup: the account holds temp coins;
 * - wakeup_user_popup: the account was away 7 days or more (not seen for 7 days, or back within
 *   the last day after such an absence); balance_day is the days left on its membership;
 * - user_activity_award_list: coin credits of the last 7 days whose reason starts with 'award';
 * - hot_popup_cnt: works others published in the last 24 hours, at most 99; hot_popup_newest_at:
 *   when the newest of them was published (the client's "new since last seen");
 * - daily_stamina: for an account whose tier has a daily generation limit (spec §8 70001), the
 *   generations used in the last 24 hours and the limit, while some are left; null otherwise.
 */
import {
  DISCOUNT_POP_TYPE_HALF_PRICE,
  type ActivityAward,
  type PopupStatusResponse,
} from '../../infrastructure/contract/telemetry';
import type { Queryable } from '../db/database';
import { TIER_LIMITS, tierOf } from '../tasks/tiers';
import { balances } from '../ledger';
import { ABSENCE_MS, presenceOf } from './presence';

const DAY_MS = 24 * 3600 * 1000;
export const DISCOUNT_WINDOW_MS = 7 * DAY_MS;
export const AWARD_WINDOW_MS = 7 * DAY_MS;
export const HOT_WINDOW_MS = DAY_MS;
export const HOT_POPUP_CAP = 99;
export const FACE_PHOTO_POPUP = {
  data: { id: 'ai-face-swap', title: 'AI Face Swap' },
  page: '/ai-tools/ai-face-swap',
} as const;

/**
 * The half-price offer's end for an account derived from it (spec §3 discount_popup): a non-member
 * during the first 7 days after sign-up; null when there is none. Popup status and the orders both
 * read it here, so the offer shown is the offer charged.
 */
export const derivedDiscountEndOf = async (
  db: Queryable,
  accountId: string,
  now: number,
): Promise<number | null> => {
  const [account] = await db.query<{ created_at: string }>('SELECT created_at FROM accounts WHERE id = $1', [
    accountId,
  ]);
  const [membership] = await db.query<{ expiry_time: string | null }>(
    'SELECT expiry_time FROM memberships WHERE account_id = $1',
    [accountId],
  );
  const expiry =
    membership?.expiry_time === null || membership?.expiry_time === undefined
      ? null
      : Number(membership.expiry_time);
  const member = expiry !== null && expiry > now;
  const discountEnd = Number(account?.created_at ?? 0) + DISCOUNT_WINDOW_MS;
  return !member && discountEnd > now ? discountEnd : null;
};

/**
 * The end of the account's active half-price offer, or null: from the development switch's popup
 * status when one is set for the account, else derived. An offer whose end has passed is none.
 */
export const activeHalfPriceEndOf = async (
  db: Queryable,
  overrides: ReadonlyMap<string, PopupStatusResponse>,
  accountId: string,
  now: number,
): Promise<number | null> => {
  const override = overrides.get(accountId);
  const end =
    override === undefined
      ? await derivedDiscountEndOf(db, accountId, now)
      : override.discount_popup?.pop_type === DISCOUNT_POP_TYPE_HALF_PRICE
        ? override.discount_popup.end_at
        : null;
  return end !== null && end > now ? end : null;
};

export const popupStatusOf = async (
  db: Queryable,
  accountId: string,
  now: number,
): Promise<PopupStatusResponse> => {
  const [membership] = await db.query<{ expiry_time: string | null }>(
    'SELECT expiry_time FROM memberships WHERE account_id = $1',
    [accountId],
  );
  const expiry =
    membership?.expiry_time === null || membership?.expiry_time === undefined
      ? null
      : Number(membership.expiry_time);
  const member = expiry !== null && expiry > now;
  const [tasks] = await db.query<{ n: string | number }>(
    'SELECT COUNT(*) AS n FROM tasks WHERE account_id = $1',
    [accountId],
  );
  const coins = await balances(db, accountId);
  const presence = await presenceOf(db, 'account', accountId);
  const away =
    presence !== null &&
    (now - presence.lastSeenAt >= ABSENCE_MS ||
      (presence.returnedAt !== null && now - presence.returnedAt < DAY_MS));
  const awards = await db.query<{ id: string | number; reason: string; delta: number; created_at: string }>(
    `SELECT id, reason, delta, created_at FROM coin_ledger
      WHERE account_id = $1 AND delta > 0 AND reason LIKE 'award%' AND created_at >= $2
      ORDER BY created_at DESC, id DESC LIMIT 20`,
    [accountId, now - AWARD_WINDOW_MS],
  );
  const [hot] = await db.query<{ n: string | number; newest: string | number | null }>(
    `SELECT COUNT(*) AS n, MAX(created_at) AS newest FROM
       (SELECT created_at FROM content_items WHERE created_at >= $1 AND author_id <> $2
         ORDER BY created_at DESC LIMIT $3) AS recent`,
    [now - HOT_WINDOW_MS, accountId, HOT_POPUP_CAP],
  );
  const dailyLimit = TIER_LIMITS[await tierOf(db, accountId, now)].daily;
  const [today] = await db.query<{ n: string | number }>(
    'SELECT COUNT(*) AS n FROM tasks WHERE account_id = $1 AND created_at > $2',
    [accountId, now - DAY_MS],
  );
  const usedToday = Number(today?.n ?? 0);
  const discountEnd = await derivedDiscountEndOf(db, accountId, now);
  return {
    discount_popup:
      discountEnd === null
        ? null
        : { pop_type: DISCOUNT_POP_TYPE_HALF_PRICE, end_at: discountEnd as ActivityAward['created_at'] },
    face_photo_popup:
      Number(tasks?.n ?? 0) === 0
        ? { data: { ...FACE_PHOTO_POPUP.data }, page: FACE_PHOTO_POPUP.page }
        : null,
    show_temp_coins_popup: coins.temp > 0,
    wakeup_user_popup: away
      ? { balance_day: member && expiry !== null ? Math.ceil((expiry - now) / DAY_MS) : 0 }
      : null,
    user_activity_award_list: awards.map((a) => ({
      id: String(a.id),
      title: a.reason,
      coins: Number(a.delta),
      created_at: Number(a.created_at) as ActivityAward['created_at'],
    })),
    hot_popup_cnt: Number(hot?.n ?? 0),
    ...(hot?.newest === null || hot?.newest === undefined
      ? {}
      : { hot_popup_newest_at: Number(hot.newest) as ActivityAward['created_at'] }),
    daily_stamina:
      dailyLimit !== null && usedToday < dailyLimit ? { used: usedToday, limit: dailyLimit } : null,
  };
};
