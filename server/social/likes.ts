/**
 * The behaviour log (spec §7): its like and dislike events write likes (one transaction for the
 * batch, idempotent per key, the author notified once per liker and work); other events are only
 * counted. A guest may log events but not like.
 */
import {
  BEHAVIOR_LOG_PATH,
  BehaviorLogRequest,
  type BehaviorLogResponse,
  type LikeResult,
} from '../../infrastructure/contract/social';
import { requireAccount } from '../auth';
import type { ServerContext } from '../context';
import { ApiError, CODES } from '../envelope';
import { notify } from '../messages/notices';
import { counter, currentLikes, lockItem } from './counters';
import { idempotencyKeyOf, idempotently } from './idempotency';
import type { SocialRequest } from './request';

export const logBehavior = async (
  ctx: ServerContext,
  req: SocialRequest,
  body: BehaviorLogRequest,
): Promise<BehaviorLogResponse> => {
  const likes = body.items.filter((i) => i.event_name === 'like' || i.event_name === 'dislike');
  if (likes.some((i) => i.obj_id === undefined || i.obj_type === undefined))
    throw new ApiError(CODES.invalidRequest, 'like and dislike need obj_id and obj_type');
  if (likes.length === 0) return { accepted: body.items.length, likes: [] };
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
          count = removed.length > 0 ? await counter(tx, id, 'num_of_like', -1) : await currentLikes(tx, id);
        }
        out.push({ obj_id: id, obj_type: item.obj_type, liked, num_of_like: count });
      }
      return out;
    }),
  );
  return { accepted: body.items.length, likes: results };
};
