/**
 * People (spec §2 personal area and profile `/user/:id`, §3 account fields and decoration stats):
 * a person's public profile, their works, their followers and whom they follow; the caller's own
 * stats with earnings over time; the new-user guide status (spec §7 "account guide status set").
 *
 * Choices where the spec says "not shown":
 * - `POST /api/v1/account/profile` `{ account_no }`: the public profile; an unknown id is 10404.
 * - `POST /api/v1/account/works`, `/followers`, `/following` `{ account_no, offset?, limit? }`: pages,
 *   newest first (works are content items as the square shows them, with the caller's state).
 * - `POST /api/v1/account/stats` `{}`: the caller's spec §3 stats. `colleted_cnt` (spelled as the
 *   spec spells it) counts the collections the caller's works received; `earnings` sums the coins
 *   the caller earned as a creator (one coin the first time each person collects one of their works;
 *   ledger reason `creator_reward`), and `earnings_by_day` lists the days of the last
 *   `EARNINGS_DAYS` (UTC) with earnings; `as_of` is the server's time of the answer.
 * - `POST /api/v1/account/guide/status` `{}` reads and `/api/v1/account/guide/status/set`
 *   `{ guide_status }` writes the guide status: 0 not yet seen, 1 done.
 */
import * as t from 'io-ts';
import { AvatarFrame, NonNegativeInt, PositiveInt, ShortText, UserCard } from './feed';

export const PROFILE_PATH = '/api/v1/account/profile';
export const PROFILE_WORKS_PATH = '/api/v1/account/works';
export const FOLLOWERS_PATH = '/api/v1/account/followers';
export const FOLLOWING_PATH = '/api/v1/account/following';
export const ACCOUNT_STATS_PATH = '/api/v1/account/stats';
export const GUIDE_STATUS_PATH = '/api/v1/account/guide/status';
export const GUIDE_STATUS_SET_PATH = '/api/v1/account/guide/status/set';

/** How many days of earnings the stats answer covers. */
export const EARNINGS_DAYS = 30;
/** The largest page of the people lists. */
export const PEOPLE_PAGE_MAX = 50;

export const ProfileRequest = t.type({ account_no: ShortText }, 'ProfileRequest');
export type ProfileRequest = t.TypeOf<typeof ProfileRequest>;

export const Profile = t.intersection(
  [
    t.type({
      id: t.string,
      name: t.string,
      avatar: t.string,
      introduction: t.string,
      create_at: t.number,
      /** Whether the caller follows this person (false for a guest and for oneself). */
      is_follow: t.boolean,
      is_self: t.boolean,
      num_of_followers: t.number,
      num_of_following: t.number,
      num_of_works: t.number,
    }),
    AvatarFrame,
  ],
  'Profile',
);
export type Profile = t.TypeOf<typeof Profile>;

export const PeoplePageRequest = t.intersection(
  [t.type({ account_no: ShortText }), t.partial({ offset: NonNegativeInt, limit: PositiveInt })],
  'PeoplePageRequest',
);
export type PeoplePageRequest = t.TypeOf<typeof PeoplePageRequest>;

export const PeoplePage = t.type(
  { items: t.array(UserCard), offset: t.number, has_more: t.boolean },
  'PeoplePage',
);
export type PeoplePage = t.TypeOf<typeof PeoplePage>;

export const EarningsDay = t.type(
  {
    /** The UTC midnight the day starts at, epoch ms. */
    day: t.number,
    amount: t.number,
  },
  'EarningsDay',
);
export type EarningsDay = t.TypeOf<typeof EarningsDay>;

export const AccountStats = t.type(
  {
    colleted_cnt: t.number,
    following_cnt: t.number,
    follower_cnt: t.number,
    earnings: t.number,
    earnings_by_day: t.array(EarningsDay),
    as_of: t.number,
  },
  'AccountStats',
);
export type AccountStats = t.TypeOf<typeof AccountStats>;

export const GuideStatusValue = t.union([t.literal(0), t.literal(1)], 'GuideStatusValue');
export const GuideStatus = t.type({ guide_status: GuideStatusValue }, 'GuideStatus');
export type GuideStatus = t.TypeOf<typeof GuideStatus>;
