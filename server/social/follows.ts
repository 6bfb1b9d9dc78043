/**
 * Following a person and taking it back (spec §4, §7): idempotent per key, the followee notified
 * once, and the followee's follower count answered.
 */
import {
  FOLLOW_PATH,
  UNFOLLOW_PATH,
  type FollowRequest,
  type FollowResponse,
} from '../../infrastructure/contract/social';
import { requireAccount, type Caller } from '../auth';
import type { ServerContext } from '../context';
import { ApiError, CODES } from '../envelope';
import { notify } from '../messages/notices';
import { idempotently } from './idempotency';

export const follow = async (
  ctx: ServerContext,
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
