/**
 * Notices of spec §3/§4: likes and collections of your work (likeCol), follows of you (fol),
 * comments (com) and system messages (sys). A like, collect or follow notifies once per actor
 * and item (a dedupe key), so toggling does not flood the author; nobody is notified of their
 * own actions.
 */
import type { MessageType, NoticeAction, UnreadCounts } from '../../infrastructure/contract/messages';
import { newId } from '../auth';
import type { Queryable } from '../db/database';

export interface NoticeInput {
  readonly recipient: string;
  readonly type: MessageType;
  readonly action: NoticeAction;
  readonly actorId: string | null;
  readonly itemId: string | null;
  readonly title: string;
  readonly content: string;
  /** One notice per key and recipient; null for notices that may repeat. */
  readonly dedupeKey: string | null;
  readonly now: number;
  readonly id?: string;
  readonly isRead?: boolean;
}

export const notify = async (db: Queryable, n: NoticeInput): Promise<void> => {
  if (n.actorId !== null && n.actorId === n.recipient) return;
  await db.query(
    `INSERT INTO notices (id, account_id, type, action, actor_id, item_id, title, content, dedupe_key, is_read, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT DO NOTHING`,
    [
      n.id ?? newId(12),
      n.recipient,
      n.type,
      n.action,
      n.actorId,
      n.itemId,
      n.title,
      n.content,
      n.dedupeKey,
      n.isRead ?? false,
      n.now,
    ],
  );
};

export const unreadCounts = async (db: Queryable, accountId: string): Promise<UnreadCounts> => {
  const rows = await db.query<{ type: string; n: string | number }>(
    'SELECT type, count(*) AS n FROM notices WHERE account_id = $1 AND NOT is_read GROUP BY type',
    [accountId],
  );
  const by = (t: MessageType) => Number(rows.find((r) => r.type === t)?.n ?? 0);
  const counts = { likeCol: by('likeCol'), com: by('com'), fol: by('fol'), sys: by('sys') };
  return { ...counts, total: counts.likeCol + counts.com + counts.fol + counts.sys };
};
