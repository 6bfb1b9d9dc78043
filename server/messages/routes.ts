/**
 * Message routes (spec §3 unread counts, §4 messages): the caller's notices, page by page and
 * newest first; unread counts per type with their total; reading one type (or some notices of
 * it) and reading all. Only the recipient sees or reads a notice.
 */
import type { FastifyInstance } from 'fastify';
import {
  MESSAGE_READ_ALL_PATH,
  MESSAGE_READ_PATH,
  MessageReadRequest,
  NOTICE_LIST_PATH,
  NoticeListRequest,
  UNREAD_COUNT_PATH,
  type MessageType,
  type Notice,
  type NoticeAction,
  type NoticeListResponse,
} from '../../infrastructure/contract/messages';
import { requireAccount } from '../auth';
import type { ServerContext } from '../context';
import { decodeBody, ok } from '../envelope';
import { coverKey } from '../feed/items';
import { unreadCounts } from './notices';
import { Params } from '../db/sql';
import { avatarFrameColumn, frameUrlOf, wornAvatarBoxJoin } from '../decorations/frames';

interface NoticeRow extends Record<string, unknown> {
  id: string;
  type: MessageType;
  action: NoticeAction;
  title: string;
  content: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_avatar: string | null;
  actor_frame_key: string | null;
  item_id: string | null;
  obj_type: number | null;
  cover_width: number | null;
  cover_height: number | null;
  is_read: boolean;
  created_at: string | number;
}

export const messageRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  app.post(NOTICE_LIST_PATH, async (req) => {
    const body = decodeBody(NoticeListRequest, req.body);
    const accountId = requireAccount(req.caller);
    const offset = body.offset ?? 0;
    const limit = Math.min(body.limit ?? 20, 50);
    const p = new Params();
    const where = [`n.account_id = ${p.add(accountId)}`];
    if (body.type !== undefined) where.push(`n.type = ${p.add(body.type)}`);
    const rows = await ctx.db.query<NoticeRow>(
      `SELECT n.id, n.type, n.action, n.title, n.content, n.actor_id, a.name AS actor_name, a.avatar AS actor_avatar,
              ${avatarFrameColumn('af')} AS actor_frame_key,
              n.item_id, i.obj_type, i.cover_width, i.cover_height, n.is_read, n.created_at
         FROM notices n
         LEFT JOIN accounts a ON a.id = n.actor_id
         ${wornAvatarBoxJoin('n.actor_id', 'af')}
         LEFT JOIN content_items i ON i.id = n.item_id
        WHERE ${where.join(' AND ')}
        ORDER BY n.created_at DESC, n.id ASC LIMIT ${p.add(limit + 1)} OFFSET ${p.add(offset)}`,
      p.values,
    );
    const items: Notice[] = rows.slice(0, limit).map((r) => ({
      id: r.id,
      type: r.type,
      action: r.action,
      title: r.title,
      content: r.content,
      actor:
        r.actor_id !== null
          ? {
              id: r.actor_id,
              name: r.actor_name ?? '',
              avatar: r.actor_avatar ?? '',
              avatar_frame: frameUrlOf(ctx.blobs.urlOf, r.actor_frame_key),
            }
          : null,
      obj_id: r.item_id,
      obj_type: r.obj_type === null ? null : Number(r.obj_type),
      cover:
        r.item_id !== null && r.cover_width !== null
          ? {
              url: ctx.blobs.urlOf(coverKey(r.item_id)),
              width: Number(r.cover_width),
              height: Number(r.cover_height),
            }
          : null,
      is_read: r.is_read,
      create_at: Number(r.created_at),
    }));
    const page: NoticeListResponse = { items, offset: offset + items.length, has_more: rows.length > limit };
    return ok(page);
  });

  app.post(UNREAD_COUNT_PATH, async (req) => ok(await unreadCounts(ctx.db, requireAccount(req.caller))));

  app.post(MESSAGE_READ_PATH, async (req) => {
    const body = decodeBody(MessageReadRequest, req.body);
    const accountId = requireAccount(req.caller);
    const p = new Params();
    const where = [`account_id = ${p.add(accountId)}`, `type = ${p.add(body.type)}`, 'NOT is_read'];
    if (body.ids) where.push(`id IN ${p.list(body.ids)}`);
    await ctx.db.query(`UPDATE notices SET is_read = true WHERE ${where.join(' AND ')}`, p.values);
    return ok(await unreadCounts(ctx.db, accountId));
  });

  app.post(MESSAGE_READ_ALL_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    await ctx.db.query('UPDATE notices SET is_read = true WHERE account_id = $1 AND NOT is_read', [
      accountId,
    ]);
    return ok(await unreadCounts(ctx.db, accountId));
  });
};
