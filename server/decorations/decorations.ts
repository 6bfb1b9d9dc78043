/**
 * Decorations on the server (spec §3, §4, §5, §8): the list as one caller sees it, the
 * purchase (one transaction: the ornament row locked FOR UPDATE, ownership and stock checked,
 * coins debited through the ledger, stock decremented, ownership inserted), wearing and
 * unloading, and the purchase history.
 *
 * An avatar box is worn on the profile, one at a time: wearing another replaces the previous
 * in one upsert on the partial unique index `ornament_wear_one_avatar`. A production box is
 * worn on a work of the caller's (one box per work, the same box on several works allowed).
 * The caller's works are their completed generation tasks (the `tasks` table of migration 001).
 */
import type {
  DecorationStats,
  Ornament,
  OrnamentPreviewResponse,
  OrnamentHistoryRequest,
  OrnamentHistoryResponse,
  OrnamentListRequest,
  OrnamentListResponse,
  OrnamentType,
  OrnamentUseRequest,
} from '../../infrastructure/contract/decorations';
import {
  ORNAMENT_HISTORY_MAX_PAGE_SIZE,
  ORNAMENT_LIST_MAX_PAGE_SIZE,
  ORNAMENT_PREVIEW_PAGE_SIZE,
} from '../../infrastructure/contract/decorations';
import type { BlobStore } from '../blobs/store';
import { accountFigures } from '../people/earnings';
import { RECOMMEND_SCORE, coverKey, tagsOf } from '../feed/items';
import type { Database, Queryable } from '../db/database';
import { ApiError, CODES } from '../envelope';
import { balances, debit, totalOf } from '../ledger';
import { DECORATION_SOLD_OUT } from '../../infrastructure/contract/decorations';
import { avatarFrameColumn, frameUrlOf, wornAvatarBoxJoin } from './frames';

interface OrnamentRow extends Record<string, unknown> {
  id: string;
  type: OrnamentType;
  name: string;
  price: number;
  stock: number;
  sold: number;
  preview_key: string;
  preview_width: number;
  preview_height: number;
  bought_at: string | number | null;
  is_owned: boolean;
  is_wearing: boolean;
  work_ids: string[] | string | null;
}

/** The caller's view of ornaments; `$1` is the caller (null for a guest: nothing owned). */
const SELECT_VIEW = `
  SELECT o.id, o.type, o.name, o.price, o.stock, o.sold, o.preview_key, o.preview_width, o.preview_height,
         own.bought_at, (own.account_id IS NOT NULL) AS is_owned,
         EXISTS (SELECT 1 FROM ornament_wear w WHERE w.account_id = $1 AND w.ornament_id = o.id) AS is_wearing,
         (SELECT COALESCE(json_agg(w.work_id ORDER BY w.worn_at, w.work_id), '[]'::json) FROM ornament_wear w
           WHERE w.account_id = $1 AND w.ornament_id = o.id AND w.type = 'production_box') AS work_ids
  FROM ornaments o
  LEFT JOIN ornament_ownership own ON own.ornament_id = o.id AND own.account_id = $1`;

const toOrnament = (blobs: BlobStore, r: OrnamentRow): Ornament => ({
  id: r.id,
  type: r.type,
  name: r.name,
  price: r.price,
  stock: r.stock,
  sold: r.sold,
  is_owned: r.is_owned,
  is_wearing: r.is_wearing,
  buy_at: r.bought_at === null ? null : Number(r.bought_at),
  preview: { url: blobs.urlOf(r.preview_key), width: r.preview_width, height: r.preview_height },
  work_ids:
    r.work_ids === null
      ? []
      : typeof r.work_ids === 'string'
        ? (JSON.parse(r.work_ids) as string[])
        : r.work_ids,
});

const viewOne = async (
  db: Queryable,
  blobs: BlobStore,
  accountId: string | null,
  id: string,
): Promise<Ornament> => {
  const [row] = await db.query<OrnamentRow>(`${SELECT_VIEW} WHERE o.id = $2`, [accountId, id]);
  if (!row) throw new ApiError(CODES.notFound, 'no such ornament');
  return toOrnament(blobs, row);
};

export const listOrnaments = async (
  db: Queryable,
  blobs: BlobStore,
  accountId: string | null,
  req: OrnamentListRequest,
): Promise<OrnamentListResponse> => {
  const page = req.page ?? 1;
  const size = req.page_size ?? ORNAMENT_LIST_MAX_PAGE_SIZE;
  const owned = req.owned === true;
  if (owned && accountId === null) throw new ApiError(CODES.notLoggedIn, 'please log in');
  const where = `WHERE ($2::text IS NULL OR o.type = $2) AND ($3::boolean = false OR own.account_id IS NOT NULL)`;
  const params = [accountId, req.type ?? null, owned];
  const rows = await db.query<OrnamentRow>(
    `${SELECT_VIEW} ${where} ORDER BY o.sort, o.id LIMIT $4 OFFSET $5`,
    [...params, size, (page - 1) * size],
  );
  const [count] = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM ornaments o LEFT JOIN ornament_ownership own ON own.ornament_id = o.id AND own.account_id = $1 ${where}`,
    params,
  );
  return {
    items: rows.map((r) => toOrnament(blobs, r)),
    total: Number(count?.n ?? 0),
    page,
    page_size: size,
  };
};

interface LockedOrnament extends Record<string, unknown> {
  id: string;
  type: OrnamentType;
  name: string;
  price: number;
  stock: number;
}

/** Spec §4: not owned, then bought (owned, stock one less). Spec §8: 80304 sold out, 80307 no coins. */
export const buyOrnament = async (
  db: Database,
  blobs: BlobStore,
  accountId: string,
  ornamentId: string,
  now: number,
): Promise<{ item: Ornament; calculate_coins: number }> => {
  await db.transaction(async (tx) => {
    const [o] = await tx.query<LockedOrnament>(
      'SELECT id, type, name, price, stock FROM ornaments WHERE id = $1 FOR UPDATE',
      [ornamentId],
    );
    if (!o) throw new ApiError(CODES.notFound, 'no such ornament');
    const owned = await tx.query(
      'SELECT 1 FROM ornament_ownership WHERE account_id = $1 AND ornament_id = $2',
      [accountId, ornamentId],
    );
    if (owned.length > 0) throw new ApiError(CODES.forbidden, 'already owned');
    if (o.stock <= 0) throw new ApiError(DECORATION_SOLD_OUT, 'sold out');
    if (o.price > 0) await debit(tx, accountId, o.price, `decoration ${o.name}`, `ornament:${o.id}`, now);
    await tx.query('UPDATE ornaments SET stock = stock - 1, sold = sold + 1 WHERE id = $1', [ornamentId]);
    await tx.query(
      'INSERT INTO ornament_ownership (account_id, ornament_id, price_paid, bought_at) VALUES ($1, $2, $3, $4)',
      [accountId, ornamentId, o.price, now],
    );
  });
  const item = await viewOne(db, blobs, accountId, ornamentId);
  return { item, calculate_coins: totalOf(await balances(db, accountId)) };
};

/** The works a production box may go on: the caller's completed generations. */
export const isOwnWork = async (db: Queryable, accountId: string, workId: string): Promise<boolean> =>
  (
    await db.query('SELECT 1 FROM tasks WHERE id = $1 AND account_id = $2 AND status = 3', [
      workId,
      accountId,
    ])
  ).length > 0;

const lockOwned = async (tx: Queryable, accountId: string, ornamentId: string): Promise<OrnamentType> => {
  const [o] = await tx.query<{ type: OrnamentType }>('SELECT type FROM ornaments WHERE id = $1', [
    ornamentId,
  ]);
  if (!o) throw new ApiError(CODES.notFound, 'no such ornament');
  const own = await tx.query(
    'SELECT 1 FROM ornament_ownership WHERE account_id = $1 AND ornament_id = $2 FOR UPDATE',
    [accountId, ornamentId],
  );
  if (own.length === 0) throw new ApiError(CODES.forbidden, 'you do not own this ornament');
  return o.type;
};

/** Spec §4: worn. Only one avatar box at a time: wearing another unwears the previous. */
export const useOrnament = async (
  db: Database,
  blobs: BlobStore,
  accountId: string,
  req: OrnamentUseRequest,
  now: number,
): Promise<Ornament> => {
  await db.transaction(async (tx) => {
    const type = await lockOwned(tx, accountId, req.ornament_id);
    if (type === 'avatar_box') {
      if (req.work_id !== undefined)
        throw new ApiError(CODES.invalidRequest, 'an avatar box is worn on the profile, not on a work');
      await tx.query(
        `INSERT INTO ornament_wear (account_id, ornament_id, type, work_id, worn_at) VALUES ($1, $2, 'avatar_box', NULL, $3)
         ON CONFLICT (account_id) WHERE type = 'avatar_box'
         DO UPDATE SET ornament_id = EXCLUDED.ornament_id, worn_at = EXCLUDED.worn_at`,
        [accountId, req.ornament_id, now],
      );
      return;
    }
    if (req.work_id === undefined)
      throw new ApiError(CODES.invalidRequest, 'a production box needs the work_id it goes on');
    if (!(await isOwnWork(tx, accountId, req.work_id)))
      throw new ApiError(CODES.notFound, 'no such work of yours');
    await tx.query(
      `INSERT INTO ornament_wear (account_id, ornament_id, type, work_id, worn_at) VALUES ($1, $2, 'production_box', $3, $4)
       ON CONFLICT (account_id, work_id) WHERE type = 'production_box'
       DO UPDATE SET ornament_id = EXCLUDED.ornament_id, worn_at = EXCLUDED.worn_at`,
      [accountId, req.ornament_id, req.work_id, now],
    );
  });
  return viewOne(db, blobs, accountId, req.ornament_id);
};

/** Spec §4: unloaded. Unloading what is not worn changes nothing and succeeds. */
export const unloadOrnament = async (
  db: Database,
  blobs: BlobStore,
  accountId: string,
  req: OrnamentUseRequest,
): Promise<Ornament> => {
  await db.transaction(async (tx) => {
    const type = await lockOwned(tx, accountId, req.ornament_id);
    if (type === 'avatar_box' && req.work_id !== undefined)
      throw new ApiError(CODES.invalidRequest, 'an avatar box is worn on the profile, not on a work');
    await tx.query(
      'DELETE FROM ornament_wear WHERE account_id = $1 AND ornament_id = $2 AND ($3::text IS NULL OR work_id = $3)',
      [accountId, req.ornament_id, req.work_id ?? null],
    );
  });
  return viewOne(db, blobs, accountId, req.ornament_id);
};

export const purchaseHistory = async (
  db: Queryable,
  blobs: BlobStore,
  accountId: string,
  req: OrnamentHistoryRequest,
): Promise<OrnamentHistoryResponse> => {
  const page = req.page ?? 1;
  const size = req.page_size ?? ORNAMENT_HISTORY_MAX_PAGE_SIZE;
  const rows = await db.query<{
    ornament_id: string;
    type: OrnamentType;
    name: string;
    price_paid: number;
    bought_at: string | number;
    preview_key: string;
    preview_width: number;
    preview_height: number;
  }>(
    `SELECT own.ornament_id, o.type, o.name, own.price_paid, own.bought_at, o.preview_key, o.preview_width, o.preview_height
     FROM ornament_ownership own JOIN ornaments o ON o.id = own.ornament_id
     WHERE own.account_id = $1 ORDER BY own.bought_at DESC, own.ornament_id LIMIT $2 OFFSET $3`,
    [accountId, size, (page - 1) * size],
  );
  const [count] = await db.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM ornament_ownership WHERE account_id = $1',
    [accountId],
  );
  return {
    items: rows.map((r) => ({
      ornament_id: r.ornament_id,
      type: r.type,
      name: r.name,
      price: r.price_paid,
      buy_at: Number(r.bought_at),
      preview: { url: blobs.urlOf(r.preview_key), width: r.preview_width, height: r.preview_height },
    })),
    total: Number(count?.n ?? 0),
    page,
    page_size: size,
  };
};

/**
 * Spec §3 decoration stats of the caller: the same figures as the personal page's account stats,
 * from the one definition (`accountFigures`: times their works were collected, follows, creator
 * earnings).
 */
export const decorationStats = (db: Queryable, accountId: string): Promise<DecorationStats> =>
  accountFigures(db, accountId);

interface PreviewRow extends Record<string, unknown> {
  id: string;
  kind: string;
  title: string;
  cover_prompt: string;
  cover_width: number;
  cover_height: number;
  base_model: string | null;
  sub_channel: string | null;
  created_at: string | number;
}

/**
 * Works to preview an avatar box on (spec §2 recommend and detail tabs, §9 avatar
 * recommendation page size 4): the caller's own published works first, newest first, then the
 * square's recommended artworks, so a new account sees the box on real cards too.
 */
export const previewItems = async (
  db: Queryable,
  blobs: BlobStore,
  accountId: string,
): Promise<OrnamentPreviewResponse> => {
  const columns = `i.id, i.kind, i.title, i.cover_prompt, i.cover_width, i.cover_height, i.base_model,
    i.sub_channel, i.created_at`;
  const own = await db.query<PreviewRow>(
    `SELECT ${columns} FROM content_items i WHERE i.author_id = $1 ORDER BY i.created_at DESC, i.id LIMIT $2`,
    [accountId, ORNAMENT_PREVIEW_PAGE_SIZE],
  );
  const rest =
    own.length >= ORNAMENT_PREVIEW_PAGE_SIZE
      ? []
      : await db.query<PreviewRow>(
          `SELECT ${columns} FROM content_items i WHERE i.author_id <> $1 AND i.kind = 'artwork'
            ORDER BY ${RECOMMEND_SCORE} DESC, i.id LIMIT $2`,
          [accountId, ORNAMENT_PREVIEW_PAGE_SIZE - own.length],
        );
  const rows = [...own, ...rest];
  const tags = await tagsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      model_id: '',
      title: r.title,
      model_name: r.base_model ?? '',
      sub_channel: r.sub_channel ?? '',
      banner: {
        url: blobs.urlOf(coverKey(r.id)),
        width: Number(r.cover_width),
        height: Number(r.cover_height),
        nsfw: false,
        is_nsfw_plus: false,
        has_meta: r.cover_prompt !== '',
      },
      created_at: Number(r.created_at),
      meta: { prompt: r.cover_prompt },
      channel: r.kind,
      models: [],
      tags: (tags.get(r.id) ?? []).map((t) => ({
        id: t.id,
        title: t.name,
        cover: '',
        is_collect: false,
        show_in: 0,
      })),
    })),
  };
};

/** The preview URL of the avatar box the account wears (spec §3 avatar_frame), or null. */
export const avatarFrameOf = async (
  db: Queryable,
  blobs: BlobStore,
  accountId: string,
): Promise<string | null> => {
  const [row] = await db.query<{ frame_key: string | null }>(
    `SELECT ${avatarFrameColumn('af')} AS frame_key FROM accounts a ${wornAvatarBoxJoin('a.id', 'af')} WHERE a.id = $1`,
    [accountId],
  );
  return frameUrlOf(blobs.urlOf, row?.frame_key);
};
