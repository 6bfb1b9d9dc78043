/**
 * The content item a like or a collect writes on, locked for the write, and its counters: moved by
 * exactly one per new like or collect, never below zero.
 */
import type { Queryable } from '../db/database';

export interface ItemHead extends Record<string, unknown> {
  id: string;
  kind: string;
  obj_type: number;
  author_id: string;
  title: string;
}

export const lockItem = async (db: Queryable, id: string): Promise<ItemHead | null> => {
  const [row] = await db.query<ItemHead>(
    'SELECT id, kind, obj_type, author_id, title FROM content_items WHERE id = $1 FOR UPDATE',
    [id],
  );
  return row ?? null;
};

export const counter = async (
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

export const currentLikes = async (db: Queryable, id: string): Promise<number> => {
  const [row] = await db.query<{ n: number }>('SELECT num_of_like AS n FROM content_items WHERE id = $1', [
    id,
  ]);
  return Number(row?.n ?? 0);
};
