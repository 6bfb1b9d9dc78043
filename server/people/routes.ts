/**
 * People routes (spec §2 personal area and `/user/:id`, §3 stats): a public profile, a person's
 * works, followers and following, the caller's own stats with earnings per day, and the new-user
 * guide status. Profiles and lists are public (a guest sees them without follow flags); stats
 * and the guide status are the caller's own.
 */
import type { FastifyInstance } from 'fastify';
import { EmptyRequest } from '../../infrastructure/contract/account';
import type { UserCard } from '../../infrastructure/contract/feed';
import {
  ACCOUNT_STATS_PATH,
  EARNINGS_DAYS,
  FOLLOWERS_PATH,
  FOLLOWING_PATH,
  GUIDE_STATUS_PATH,
  GUIDE_STATUS_SET_PATH,
  GuideStatus,
  PEOPLE_PAGE_MAX,
  PROFILE_PATH,
  PROFILE_WORKS_PATH,
  PeoplePageRequest,
  ProfileRequest,
  type AccountStats,
  type PeoplePage,
  type Profile,
} from '../../infrastructure/contract/profile';
import { requireAccount } from '../auth';
import { avatarFrameColumn, frameUrlOf, wornAvatarBoxJoin } from '../decorations/frames';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { ApiError, CODES, decodeBody, ok } from '../envelope';
import { CREATOR_REWARD_REASON } from '../ledger';
import { accountFigures } from './earnings';
import { avatarKey, callerParams, pageOfItems } from '../feed/items';
import { DAY_MS } from '../db/sql';

const count = async (db: Queryable, sql: string, params: unknown[]): Promise<number> => {
  const [row] = await db.query<{ n: string | number | null }>(sql, params);
  return Number(row?.n ?? 0);
};

interface PersonRow extends Record<string, unknown> {
  id: string;
  name: string;
  avatar: string;
  created_at: string | number;
  /** The preview key of the avatar box the person wears, or null. */
  frame_key: string | null;
}

/** A person's public columns with the avatar box they wear. */
const PERSON_COLUMNS = `a.id, a.name, a.avatar, a.created_at, ${avatarFrameColumn('af')} AS frame_key`;

const person = async (db: Queryable, id: string): Promise<PersonRow> => {
  const [row] = await db.query<PersonRow>(
    `SELECT ${PERSON_COLUMNS} FROM accounts a ${wornAvatarBoxJoin('a.id', 'af')} WHERE a.id = $1`,
    [id],
  );
  if (!row) throw new ApiError(CODES.notFound, 'no such person');
  return row;
};

/** The avatar URL of an account: its own when it set one, else its rendered default. */
const avatarOf = (ctx: ServerContext, id: string, avatar: string): string =>
  avatar !== '' ? avatar : ctx.blobs.urlOf(avatarKey(id));

export const peopleRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  app.post(PROFILE_PATH, async (req) => {
    const body = decodeBody(ProfileRequest, req.body);
    const caller = req.caller.accountId;
    const row = await person(ctx.db, body.account_no);
    const profile: Profile = {
      id: row.id,
      name: row.name,
      avatar: avatarOf(ctx, row.id, row.avatar),
      avatar_frame: frameUrlOf(ctx.blobs.urlOf, row.frame_key),
      introduction: '',
      create_at: Number(row.created_at),
      is_follow:
        caller !== null &&
        (await count(
          ctx.db,
          'SELECT count(*) AS n FROM follows WHERE follower_id = $1 AND followee_id = $2',
          [caller, row.id],
        )) > 0,
      is_self: caller === row.id,
      num_of_followers: await count(ctx.db, 'SELECT count(*) AS n FROM follows WHERE followee_id = $1', [
        row.id,
      ]),
      num_of_following: await count(ctx.db, 'SELECT count(*) AS n FROM follows WHERE follower_id = $1', [
        row.id,
      ]),
      num_of_works: await count(ctx.db, 'SELECT count(*) AS n FROM content_items WHERE author_id = $1', [
        row.id,
      ]),
    };
    return ok(profile);
  });

  app.post(PROFILE_WORKS_PATH, async (req) => {
    const body = decodeBody(PeoplePageRequest, req.body);
    const row = await person(ctx.db, body.account_no);
    const p = callerParams(req.caller.accountId);
    const page = await pageOfItems(
      ctx.db,
      {
        params: p,
        where: [`i.author_id = ${p.add(row.id)}`],
        order: 'i.created_at DESC, i.id ASC',
        offset: body.offset ?? 0,
        limit: Math.min(body.limit ?? 20, PEOPLE_PAGE_MAX),
      },
      ctx.blobs.urlOf,
    );
    return ok(page);
  });

  /** Followers (`side` 'followee': people who follow the person) or following ('follower'). */
  const people = async (
    caller: string | null,
    of: string,
    side: 'followers' | 'following',
    offset: number,
    limit: number,
  ): Promise<PeoplePage> => {
    const [mine, theirs] =
      side === 'followers' ? ['followee_id', 'follower_id'] : ['follower_id', 'followee_id'];
    const rows = await ctx.db.query<
      PersonRow & { is_follow: boolean; followers: string | number; works: string | number }
    >(
      `SELECT ${PERSON_COLUMNS},
              EXISTS (SELECT 1 FROM follows me WHERE me.follower_id = $2 AND me.followee_id = a.id) AS is_follow,
              (SELECT count(*) FROM follows x WHERE x.followee_id = a.id) AS followers,
              (SELECT count(*) FROM content_items w WHERE w.author_id = a.id) AS works
         FROM follows f JOIN accounts a ON a.id = f.${theirs}
         ${wornAvatarBoxJoin('a.id', 'af')}
        WHERE f.${mine} = $1
        ORDER BY f.created_at DESC, a.id ASC LIMIT $3 OFFSET $4`,
      [of, caller, limit + 1, offset],
    );
    const items: UserCard[] = rows.slice(0, limit).map((r) => ({
      id: r.id,
      name: r.name,
      avatar: avatarOf(ctx, r.id, r.avatar),
      is_follow: r.is_follow === true,
      num_of_followers: Number(r.followers),
      num_of_works: Number(r.works),
      avatar_frame: frameUrlOf(ctx.blobs.urlOf, r.frame_key),
    }));
    return { items, offset: offset + items.length, has_more: rows.length > limit };
  };

  for (const [path, side] of [
    [FOLLOWERS_PATH, 'followers'],
    [FOLLOWING_PATH, 'following'],
  ] as const)
    app.post(path, async (req) => {
      const body = decodeBody(PeoplePageRequest, req.body);
      const row = await person(ctx.db, body.account_no);
      return ok(
        await people(
          req.caller.accountId,
          row.id,
          side,
          body.offset ?? 0,
          Math.min(body.limit ?? 20, PEOPLE_PAGE_MAX),
        ),
      );
    });

  app.post(ACCOUNT_STATS_PATH, async (req) => {
    decodeBody(EmptyRequest, req.body);
    const accountId = requireAccount(req.caller);
    const now = ctx.clock.now();
    const since = Math.floor(now / DAY_MS) * DAY_MS - (EARNINGS_DAYS - 1) * DAY_MS;
    const days = await ctx.db.query<{ day: string | number; amount: string | number }>(
      `SELECT floor(created_at / ${DAY_MS}) * ${DAY_MS} AS day, SUM(delta) AS amount FROM coin_ledger
        WHERE account_id = $1 AND reason = $2 AND created_at >= $3
        GROUP BY 1 ORDER BY 1`,
      [accountId, CREATOR_REWARD_REASON, since],
    );
    const stats: AccountStats = {
      ...(await accountFigures(ctx.db, accountId)),
      earnings_by_day: days.map((d) => ({ day: Number(d.day), amount: Number(d.amount) })),
      as_of: now,
    };
    return ok(stats);
  });

  const guideStatus = async (accountId: string): Promise<GuideStatus> => {
    const [row] = await ctx.db.query<{ guide_status: number }>(
      'SELECT guide_status FROM accounts WHERE id = $1',
      [accountId],
    );
    if (!row) throw new ApiError(CODES.accountNotExistent, 'the account is gone');
    return { guide_status: row.guide_status === 1 ? 1 : 0 };
  };

  app.post(GUIDE_STATUS_PATH, async (req) => {
    decodeBody(EmptyRequest, req.body);
    return ok(await guideStatus(requireAccount(req.caller)));
  });

  app.post(GUIDE_STATUS_SET_PATH, async (req) => {
    const body = decodeBody(GuideStatus, req.body);
    const accountId = requireAccount(req.caller);
    await ctx.db.query('UPDATE accounts SET guide_status = $2 WHERE id = $1', [accountId, body.guide_status]);
    return ok(await guideStatus(accountId));
  });
};
