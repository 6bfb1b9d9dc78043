/**
 * Tags: lists with their item count, heat (the hot score summed over their items) and the cover
 * of their hottest item; and replacing an item's tags, creating the names that are new.
 * Names are unique case-insensitively; the first spelling is kept.
 */
import type { TagDetail, TagItem, TagRef } from '../../infrastructure/contract/feed';
import { newId } from '../auth';
import type { Queryable } from '../db/database';
import { HOT_SCORE, coverKey, type UrlOf } from './items';
import { Params } from '../db/sql';

interface TagRow extends Record<string, unknown> {
  id: string;
  name: string;
  created_at: string | number;
  n: string | number;
  likes: string | number | null;
  heat: string | number | null;
  cover_id: string | null;
  cover_width: number | null;
  cover_height: number | null;
}

const TAG_SELECT = `
  SELECT t.id, t.name, t.created_at, t.description, t.show_area, s.n, s.likes, s.heat, top.id AS cover_id, top.cover_width, top.cover_height
    FROM tags t
    CROSS JOIN LATERAL (
      SELECT count(*) AS n, sum(i.num_of_like) AS likes, sum${HOT_SCORE} AS heat
        FROM content_tags ct JOIN content_items i ON i.id = ct.item_id WHERE ct.tag_id = t.id) s
    LEFT JOIN LATERAL (
      SELECT i.id, i.cover_width, i.cover_height
        FROM content_tags ct JOIN content_items i ON i.id = ct.item_id WHERE ct.tag_id = t.id
       ORDER BY ${HOT_SCORE} DESC, i.id LIMIT 1) top ON true`;

const toTagItem = (r: TagRow, urlOf: UrlOf): TagItem => ({
  id: r.id,
  name: r.name,
  num_of_items: Number(r.n),
  cover:
    r.cover_id !== null
      ? { url: urlOf(coverKey(r.cover_id)), width: Number(r.cover_width), height: Number(r.cover_height) }
      : null,
});

export type TagOrder = 'heat' | 'count';

export interface TagQuery {
  readonly params: Params;
  readonly where: readonly string[];
  readonly order: TagOrder;
  readonly offset: number;
  readonly limit: number;
}

export const queryTags = async (
  db: Queryable,
  q: TagQuery,
  urlOf: UrlOf,
): Promise<{ items: TagItem[]; hasMore: boolean }> => {
  const where = q.where.length > 0 ? `WHERE ${q.where.join(' AND ')}` : '';
  const order =
    q.order === 'heat' ? 'COALESCE(s.heat, 0) DESC, t.id ASC' : 's.n DESC, lower(t.name) ASC, t.id ASC';
  const rows = await db.query<TagRow>(
    `${TAG_SELECT} ${where} ORDER BY ${order} LIMIT ${q.params.add(q.limit + 1)} OFFSET ${q.params.add(q.offset)}`,
    q.params.values,
  );
  return { items: rows.slice(0, q.limit).map((r) => toTagItem(r, urlOf)), hasMore: rows.length > q.limit };
};

/** A tag by id, or by name case-insensitively, with the caller's collect state (false for a guest). */
export const tagDetail = async (
  db: Queryable,
  by: { readonly id: string } | { readonly name: string },
  accountId: string | null,
  urlOf: UrlOf,
): Promise<TagDetail | null> => {
  const [row] = await db.query<TagRow & { description: string; show_area: string | null }>(
    'id' in by ? `${TAG_SELECT} WHERE t.id = $1` : `${TAG_SELECT} WHERE lower(t.name) = lower($1)`,
    ['id' in by ? by.id : by.name],
  );
  if (!row) return null;
  const collected =
    accountId !== null &&
    (await db.query('SELECT 1 FROM tag_collects WHERE account_id = $1 AND tag_id = $2', [accountId, row.id]))
      .length > 0;
  return {
    ...toTagItem(row, urlOf),
    num_of_like: Number(row.likes ?? 0),
    create_at: Number(row.created_at),
    description: row.description,
    is_collect: collected,
    show_area: row.show_area,
  };
};

/** Trimmed, inner whitespace collapsed, duplicates (case-insensitive) dropped, order kept. */
export const normaliseTagNames = (names: readonly string[]): string[] => {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.trim().replace(/\s+/g, ' ');
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
};

/** Replaces the item's tags with `names` (already validated), creating new tags. Run inside a transaction. */
export const setItemTags = async (
  tx: Queryable,
  itemId: string,
  names: readonly string[],
  now: number,
): Promise<TagRef[]> => {
  const clean = normaliseTagNames(names);
  await tx.query('DELETE FROM content_tags WHERE item_id = $1', [itemId]);
  if (clean.length === 0) return [];
  for (const name of clean)
    await tx.query('INSERT INTO tags (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      `t-${newId(9)}`,
      name,
      now,
    ]);
  const p = new Params();
  const rows = await tx.query<{ id: string; name: string }>(
    `SELECT id, name FROM tags WHERE lower(name) IN ${p.list(clean.map((n) => n.toLowerCase()))}`,
    p.values,
  );
  const byName = new Map(rows.map((r) => [r.name.toLowerCase(), r]));
  const refs: TagRef[] = [];
  for (const [position, name] of clean.entries()) {
    const tag = byName.get(name.toLowerCase());
    if (!tag) continue;
    await tx.query('INSERT INTO content_tags (item_id, tag_id, position) VALUES ($1, $2, $3)', [
      itemId,
      tag.id,
      position,
    ]);
    refs.push({ id: tag.id, name: tag.name });
  }
  return refs;
};
