/**
 * Collections in folders (spec §4, §7): collecting (into the default folder, created on first use,
 * or a chosen one; collecting again moves it), taking a collection back one by one or in a batch,
 * moving, listing, and the folders themselves. Every write runs in one transaction; the collection
 * counter moves by exactly one per new collect and never below zero.
 */
import type { CardType } from '../../infrastructure/contract/feed';
import {
  COLLECT_ADD_PATH,
  COLLECT_BATCH_MAX,
  COLLECT_KEYS,
  COLLECT_KEY_NAMES,
  COLLECT_REMOVE_PATH,
  CollectAddRequest,
  CollectBatchRemoveRequest,
  CollectListRequest,
  CollectMoveRequest,
  CollectRemoveRequest,
  FOLDERS_PER_ACCOUNT_MAX,
  FolderCreateRequest,
  cardTypesOfCategory,
  type CollectAddResponse,
  type CollectFolder,
  type CollectRemoveResponse,
} from '../../infrastructure/contract/social';
import { newId, requireAccount } from '../auth';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { Params } from '../db/sql';
import { ApiError, CODES } from '../envelope';
import { callerParams, pageOfItems } from '../feed/items';
import type { FeedPage } from '../../infrastructure/contract/feed';
import { notify } from '../messages/notices';
import { creditCreatorReward } from '../people/earnings';
import { counter, lockItem } from './counters';
import { idempotencyKeyOf, idempotently } from './idempotency';
import type { SocialRequest } from './request';

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

export const addCollect = async (
  ctx: ServerContext,
  req: SocialRequest,
  body: CollectAddRequest,
): Promise<CollectAddResponse> => {
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
  return result;
};

export const removeCollect = async (
  ctx: ServerContext,
  req: SocialRequest,
  body: CollectRemoveRequest,
): Promise<CollectRemoveResponse> => {
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
  return result;
};

export const removeCollects = async (
  ctx: ServerContext,
  req: SocialRequest,
  body: CollectBatchRemoveRequest,
): Promise<{ removed: number }> => {
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
  return { removed };
};

export const moveCollects = async (
  ctx: ServerContext,
  req: SocialRequest,
  body: CollectMoveRequest,
): Promise<{ moved: number }> => {
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
  return { moved };
};

export const listCollects = async (
  ctx: ServerContext,
  req: SocialRequest,
  body: CollectListRequest,
): Promise<FeedPage> => {
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
  return page;
};

export const listFolders = async (
  ctx: ServerContext,
  req: SocialRequest,
): Promise<{ items: CollectFolder[] }> => {
  const accountId = requireAccount(req.caller);
  await ensureDefaultFolder(ctx.db, accountId, ctx.clock.now());
  return { items: await folderList(ctx.db, accountId) };
};

export const createFolder = async (
  ctx: ServerContext,
  req: SocialRequest,
  body: FolderCreateRequest,
): Promise<CollectFolder> => {
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
  return folder;
};
