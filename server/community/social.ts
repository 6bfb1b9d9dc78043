/**
 * Social routes (spec §4, §7): collections in folders, follows, likes through the behaviour
 * log, reports and appeals. Every write runs in one transaction, so a refused request changes
 * nothing; counters move by exactly one per new like or collect and never below zero.
 */
import type { FastifyInstance } from 'fastify';
import type { CardType } from '../../infrastructure/contract/feed';
import {
  APPEAL_PATH,
  AppealRequest,
  BEHAVIOR_LOG_PATH,
  BehaviorLogRequest,
  COLLECT_ADD_PATH,
  COLLECT_BATCH_MAX,
  COLLECT_BATCH_REMOVE_PATH,
  COLLECT_FOLDER_CREATE_PATH,
  COLLECT_FOLDER_LIST_PATH,
  COLLECT_KEYS,
  COLLECT_KEY_NAMES,
  COLLECT_LIST_PATH,
  COLLECT_MOVE_PATH,
  COLLECT_REMOVE_PATH,
  CollectAddRequest,
  CollectBatchRemoveRequest,
  CollectListRequest,
  CollectMoveRequest,
  CollectRemoveRequest,
  FOLDERS_PER_ACCOUNT_MAX,
  FOLLOW_PATH,
  FolderCreateRequest,
  FollowRequest,
  REPORT_PATH,
  ReportRequest,
  UNFOLLOW_PATH,
  cardTypesOfCategory,
  type BehaviorLogResponse,
  type CollectAddResponse,
  type CollectFolder,
  type CollectRemoveResponse,
  type FollowResponse,
  type LikeResult,
} from '../../infrastructure/contract/social';
import { newId, requireAccount, type Caller } from '../auth';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { ApiError, CODES, decodeBody, ok } from '../envelope';
import { creditCreatorReward } from './earnings';
import { idempotencyKeyOf, idempotently } from './idempotency';
import { callerParams, pageOfItems } from './items';
import { notify } from './notices';
import { Params } from './sql';

/** Spec §8 40020: a batch un-collect over COLLECT_BATCH_MAX ids. */
export const COLLECT_DELETE_LIMIT = 40020;
export const DEFAULT_FOLDER_NAME = 'Default';

interface FolderRow extends Record<string, unknown> {
  id: string;
  name: string;
}

/** The caller's default folder, created on first use (one per account, by a partial unique index). */
export const ensureDefaultFolder = async (
  db: Queryable,
  accountId: string,
  now: number,
): Promise<FolderRow> => {
  await db.query(
    `INSERT INTO collect_folders (id, account_id, name, is_default, created_at) VALUES ($1, $2, $3, true, $4)
     ON CONFLICT DO NOTHING`,
    [`f-${newId(9)}`, accountId, DEFAULT_FOLDER_NAME, now],
  );
  const [row] = await db.query<FolderRow>(
    'SELECT id, name FROM collect_folders WHERE account_id = $1 AND is_default',
    [accountId],
  );
  if (!row) throw new Error('default folder missing after insert');
  return row;
};

const ownFolder = async (db: Queryable, accountId: string, folderId: string): Promise<FolderRow> => {
  const [row] = await db.query<FolderRow>(
    'SELECT id, name FROM collect_folders WHERE id = $1 AND account_id = $2',
    [folderId, accountId],
  );
  if (!row) throw new ApiError(CODES.notFound, 'no such folder');
  return row;
};

interface ItemHead extends Record<string, unknown> {
  id: string;
  kind: string;
  obj_type: number;
  author_id: string;
  title: string;
}

const lockItem = async (db: Queryable, id: string): Promise<ItemHead | null> => {
  const [row] = await db.query<ItemHead>(
    'SELECT id, kind, obj_type, author_id, title FROM content_items WHERE id = $1 FOR UPDATE',
    [id],
  );
  return row ?? null;
};

const counter = async (
  db: Queryable,
  id: string,
  column: 'num_of_like' | 'num_of_collection',
  delta: 1 | -1,
): Promise<number> => {
  const [row] = await db.query<{ n: number }>(
    `UPDATE content_items SET ${column} = GREATEST(${column} + $2, 0) WHERE id = $1 RETURNING ${column} AS n`,
    [id, delta],
  );
  return Number(row?.n ?? 0);
};

const folderList = async (db: Queryable, accountId: string): Promise<CollectFolder[]> => {
  const rows = await db.query<{
    id: string;
    name: string;
    is_default: boolean;
    n: string | number;
    created_at: string | number;
  }>(
    `SELECT f.id, f.name, f.is_default, f.created_at, (SELECT count(*) FROM collects c WHERE c.folder_id = f.id) AS n
       FROM collect_folders f WHERE f.account_id = $1 ORDER BY f.is_default DESC, f.created_at ASC, f.id ASC`,
    [accountId],
  );
  return rows.map((r) => ({
    collection_id: r.id,
    collection_name: r.name,
    is_default: r.is_default,
    num_of_items: Number(r.n),
    create_at: Number(r.created_at),
  }));
};

export const socialRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  app.post(COLLECT_ADD_PATH, async (req) => {
    const body = decodeBody(CollectAddRequest, req.body);
    const accountId = requireAccount(req.caller);
    const key = COLLECT_KEY_NAMES.find((k) => body[k] !== undefined)!;
    const itemId = body[key]!;
    const now = ctx.clock.now();
    const idemKey = idempotencyKeyOf(req.headers, body.idempotency_key);
    const result = await ctx.db.transaction((tx) =>
      idempotently(tx, accountId, idemKey, COLLECT_ADD_PATH, now, async (): Promise<CollectAddResponse> => {
        const folder =
          body.collection_no === undefined || body.collection_no === null || body.collection_no === ''
            ? await ensureDefaultFolder(tx, accountId, now)
            : await ownFolder(tx, accountId, body.collection_no);
        const item = await lockItem(tx, itemId);
        const kinds: readonly CardType[] = COLLECT_KEYS[key];
        if (!item || !kinds.includes(item.kind as CardType))
          throw new ApiError(CODES.notFound, `no such item for ${key}`);
        const inserted = await tx.query<{ id: string }>(
          `INSERT INTO collects (id, account_id, folder_id, item_id, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (account_id, item_id) DO NOTHING RETURNING id`,
          [`c-${newId(9)}`, accountId, folder.id, item.id, now],
        );
        let id: string;
        let count: number;
        if (inserted[0]) {
          id = inserted[0].id;
          count = await counter(tx, item.id, 'num_of_collection', 1);
          await notify(tx, {
            recipient: item.author_id,
            type: 'likeCol',
            action: 'collect',
            actorId: accountId,
            itemId: item.id,
            title: 'collected your work',
            content: item.title,
            dedupeKey: `collect:${accountId}:${item.id}`,
            now,
          });
          await creditCreatorReward(tx, item.author_id, accountId, item.id, now);
        } else {
          // Collected already: spec §4 moves it to the chosen folder and keeps the count.
          const [moved] = await tx.query<{ id: string }>(
            'UPDATE collects SET folder_id = $3 WHERE account_id = $1 AND item_id = $2 RETURNING id',
            [accountId, item.id, folder.id],
          );
          id = moved!.id;
          const [row] = await tx.query<{ n: number }>(
            'SELECT num_of_collection AS n FROM content_items WHERE id = $1',
            [item.id],
          );
          count = Number(row?.n ?? 0);
        }
        return {
          id,
          collection_id: folder.id,
          collection_name: folder.name,
          item_id: item.id,
          num_of_collection: count,
        };
      }),
    );
    return ok(result);
  });

  app.post(COLLECT_REMOVE_PATH, async (req) => {
    const body = decodeBody(CollectRemoveRequest, req.body);
    const accountId = requireAccount(req.caller);
    const key = idempotencyKeyOf(req.headers, body.idempotency_key);
    const now = ctx.clock.now();
    const result = await ctx.db.transaction((tx) =>
      idempotently(tx, accountId, key, COLLECT_REMOVE_PATH, now, async (): Promise<CollectRemoveResponse> => {
        const [gone] = await tx.query<{ item_id: string }>(
          'DELETE FROM collects WHERE id = $1 AND account_id = $2 RETURNING item_id',
          [body.id, accountId],
        );
        if (!gone) throw new ApiError(CODES.notFound, 'no such collection');
        return {
          id: body.id,
          item_id: gone.item_id,
          num_of_collection: await counter(tx, gone.item_id, 'num_of_collection', -1),
        };
      }),
    );
    return ok(result);
  });

  app.post(COLLECT_BATCH_REMOVE_PATH, async (req) => {
    const body = decodeBody(CollectBatchRemoveRequest, req.body);
    const accountId = requireAccount(req.caller);
    if (body.ids.length > COLLECT_BATCH_MAX)
      throw new ApiError(COLLECT_DELETE_LIMIT, `at most ${COLLECT_BATCH_MAX} collections at once`);
    const removed = await ctx.db.transaction(async (tx) => {
      const p = new Params();
      const gone = await tx.query<{ item_id: string }>(
        `DELETE FROM collects c USING content_items i
          WHERE i.id = c.item_id AND c.account_id = ${p.add(accountId)} AND c.id IN ${p.list(body.ids)}
            AND i.kind IN ${p.list(cardTypesOfCategory(body.category))}
          RETURNING c.item_id`,
        p.values,
      );
      for (const g of gone) await counter(tx, g.item_id, 'num_of_collection', -1);
      return gone.length;
    });
    return ok({ removed });
  });

  app.post(COLLECT_MOVE_PATH, async (req) => {
    const body = decodeBody(CollectMoveRequest, req.body);
    const accountId = requireAccount(req.caller);
    const moved = await ctx.db.transaction(async (tx) => {
      const folder = await ownFolder(tx, accountId, body.folder_no);
      const p = new Params();
      const rows = await tx.query<{ id: string }>(
        `UPDATE collects c SET folder_id = ${p.add(folder.id)} FROM content_items i
          WHERE i.id = c.item_id AND c.account_id = ${p.add(accountId)} AND c.id IN ${p.list(body.ids)}
            AND i.kind IN ${p.list(cardTypesOfCategory(body.category))}
          RETURNING c.id`,
        p.values,
      );
      return rows.length;
    });
    return ok({ moved });
  });

  app.post(COLLECT_LIST_PATH, async (req) => {
    const body = decodeBody(CollectListRequest, req.body);
    const accountId = requireAccount(req.caller);
    const p = callerParams(accountId);
    const where = ['c.id IS NOT NULL'];
    if (body.folder_no !== undefined)
      where.push(`c.folder_id = ${p.add((await ownFolder(ctx.db, accountId, body.folder_no)).id)}`);
    if (body.category !== undefined) where.push(`i.kind IN ${p.list(cardTypesOfCategory(body.category))}`);
    const page = await pageOfItems(
      ctx.db,
      {
        params: p,
        where,
        order: 'c.created_at DESC, c.id ASC',
        offset: body.offset ?? 0,
        limit: Math.min(body.limit ?? 20, 50),
      },
      ctx.blobs.urlOf,
    );
    return ok(page);
  });

  app.post(COLLECT_FOLDER_LIST_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    await ensureDefaultFolder(ctx.db, accountId, ctx.clock.now());
    return ok({ items: await folderList(ctx.db, accountId) });
  });

  app.post(COLLECT_FOLDER_CREATE_PATH, async (req) => {
    const body = decodeBody(FolderCreateRequest, req.body);
    const accountId = requireAccount(req.caller);
    const name = body.name.trim();
    const now = ctx.clock.now();
    const folderId = await ctx.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
      await ensureDefaultFolder(tx, accountId, now);
      const [same] = await tx.query<{ id: string }>(
        'SELECT id FROM collect_folders WHERE account_id = $1 AND lower(name) = lower($2)',
        [accountId, name],
      );
      if (same) return same.id;
      const [count] = await tx.query<{ n: string | number }>(
        'SELECT count(*) AS n FROM collect_folders WHERE account_id = $1',
        [accountId],
      );
      if (Number(count?.n ?? 0) >= FOLDERS_PER_ACCOUNT_MAX)
        throw new ApiError(CODES.forbidden, `at most ${FOLDERS_PER_ACCOUNT_MAX} folders`);
      const id = `f-${newId(9)}`;
      await tx.query(
        'INSERT INTO collect_folders (id, account_id, name, is_default, created_at) VALUES ($1, $2, $3, false, $4)',
        [id, accountId, name, now],
      );
      return id;
    });
    const folder = (await folderList(ctx.db, accountId)).find((f) => f.collection_id === folderId)!;
    return ok(folder);
  });

  const follow = async (
    caller: Caller,
    body: FollowRequest,
    on: boolean,
    key: string | null,
  ): Promise<FollowResponse> => {
    const accountId = requireAccount(caller);
    const target = body.follow_account_no;
    if (target === accountId) throw new ApiError(CODES.invalidRequest, 'you cannot follow yourself');
    const now = ctx.clock.now();
    const path = on ? FOLLOW_PATH : UNFOLLOW_PATH;
    return ctx.db.transaction((tx) =>
      idempotently(tx, accountId, key, path, now, async () => {
        const [exists] = await tx.query('SELECT id FROM accounts WHERE id = $1', [target]);
        if (!exists) throw new ApiError(CODES.accountNotExistent, 'no such account');
        if (on) {
          const added = await tx.query(
            'INSERT INTO follows (follower_id, followee_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING followee_id',
            [accountId, target, now],
          );
          if (added.length > 0)
            await notify(tx, {
              recipient: target,
              type: 'fol',
              action: 'follow',
              actorId: accountId,
              itemId: null,
              title: 'started following you',
              content: '',
              dedupeKey: `follow:${accountId}`,
              now,
            });
        } else {
          await tx.query('DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2', [
            accountId,
            target,
          ]);
        }
        const [n] = await tx.query<{ n: string | number }>(
          'SELECT count(*) AS n FROM follows WHERE followee_id = $1',
          [target],
        );
        return { account_id: target, is_follow: on, num_of_followers: Number(n?.n ?? 0) };
      }),
    );
  };
  app.post(FOLLOW_PATH, async (req) => {
    const body = decodeBody(FollowRequest, req.body);
    return ok(await follow(req.caller, body, true, idempotencyKeyOf(req.headers, body.idempotency_key)));
  });
  app.post(UNFOLLOW_PATH, async (req) => {
    const body = decodeBody(FollowRequest, req.body);
    return ok(await follow(req.caller, body, false, idempotencyKeyOf(req.headers, body.idempotency_key)));
  });

  app.post(BEHAVIOR_LOG_PATH, async (req) => {
    const body = decodeBody(BehaviorLogRequest, req.body);
    const likes = body.items.filter((i) => i.event_name === 'like' || i.event_name === 'dislike');
    if (likes.some((i) => i.obj_id === undefined || i.obj_type === undefined))
      throw new ApiError(CODES.invalidRequest, 'like and dislike need obj_id and obj_type');
    if (likes.length === 0) return ok<BehaviorLogResponse>({ accepted: body.items.length, likes: [] });
    const accountId = requireAccount(req.caller);
    const now = ctx.clock.now();
    const key = idempotencyKeyOf(req.headers, body.idempotency_key);
    const results = await ctx.db.transaction((tx) =>
      idempotently(tx, accountId, key, BEHAVIOR_LOG_PATH, now, async () => {
        const out: LikeResult[] = [];
        for (const like of likes) {
          const id = like.obj_id!;
          const item = await lockItem(tx, id);
          if (!item || item.obj_type !== like.obj_type)
            throw new ApiError(CODES.notFound, `no item ${id} of obj_type ${like.obj_type}`);
          let liked: boolean;
          let count: number;
          if (like.event_name === 'like') {
            const added = await tx.query(
              'INSERT INTO likes (account_id, item_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING item_id',
              [accountId, id, now],
            );
            liked = true;
            if (added.length > 0) {
              count = await counter(tx, id, 'num_of_like', 1);
              await notify(tx, {
                recipient: item.author_id,
                type: 'likeCol',
                action: 'like',
                actorId: accountId,
                itemId: id,
                title: 'liked your work',
                content: item.title,
                dedupeKey: `like:${accountId}:${id}`,
                now,
              });
            } else count = await currentLikes(tx, id);
          } else {
            const removed = await tx.query(
              'DELETE FROM likes WHERE account_id = $1 AND item_id = $2 RETURNING item_id',
              [accountId, id],
            );
            liked = false;
            count =
              removed.length > 0 ? await counter(tx, id, 'num_of_like', -1) : await currentLikes(tx, id);
          }
          out.push({ obj_id: id, obj_type: item.obj_type, liked, num_of_like: count });
        }
        return out;
      }),
    );
    return ok<BehaviorLogResponse>({ accepted: body.items.length, likes: results });
  });

  app.post(REPORT_PATH, async (req) => {
    const body = decodeBody(ReportRequest, req.body);
    const { accountId, deviceId } = req.caller;
    if (accountId === null && deviceId === null)
      throw new ApiError(CODES.notLoggedIn, 'a guest needs a device id to report');
    const now = ctx.clock.now();
    const id = await ctx.db.transaction(async (tx) => {
      const item = await lockItem(tx, body.id);
      if (!item || item.obj_type !== body.obj_type) throw new ApiError(CODES.notFound, 'no such item');
      const [same] = await tx.query<{ id: string }>(
        accountId !== null
          ? 'SELECT id FROM content_reports WHERE item_id = $1 AND account_id = $2'
          : 'SELECT id FROM content_reports WHERE item_id = $1 AND account_id IS NULL AND device_id = $2',
        [item.id, accountId ?? deviceId],
      );
      if (same) return same.id;
      const rid = `r-${newId(9)}`;
      await tx.query(
        'INSERT INTO content_reports (id, account_id, device_id, item_id, obj_type, reason, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [rid, accountId, deviceId, item.id, body.obj_type, body.reason ?? '', now],
      );
      return rid;
    });
    return ok({ id });
  });

  app.post(APPEAL_PATH, async (req) => {
    const body = decodeBody(AppealRequest, req.body);
    const accountId = requireAccount(req.caller);
    if (body.obj_id !== undefined) {
      const [item] = await ctx.db.query<{ author_id: string; obj_type: number }>(
        'SELECT author_id, obj_type FROM content_items WHERE id = $1',
        [body.obj_id],
      );
      if (!item || (body.obj_type !== undefined && item.obj_type !== body.obj_type))
        throw new ApiError(CODES.notFound, 'no such item');
      if (item.author_id !== accountId)
        throw new ApiError(CODES.forbidden, 'only the owner appeals for a resource');
    }
    const id = `ap-${newId(9)}`;
    await ctx.db.query(
      'INSERT INTO resource_appeals (id, account_id, remark, item_id, obj_type, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [id, accountId, body.remark.trim(), body.obj_id ?? null, body.obj_type ?? null, ctx.clock.now()],
    );
    return ok({ id });
  });
};

const currentLikes = async (db: Queryable, id: string): Promise<number> => {
  const [row] = await db.query<{ n: number }>('SELECT num_of_like AS n FROM content_items WHERE id = $1', [
    id,
  ]);
  return Number(row?.n ?? 0);
};
