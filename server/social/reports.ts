/**
 * Reports of content (a guest by device id; one report per person and item) and an owner's
 * appeals for a resource (spec §7).
 */
import { AppealRequest, ReportRequest } from '../../infrastructure/contract/social';
import { newId, requireAccount } from '../auth';
import type { ServerContext } from '../context';
import { ApiError, CODES } from '../envelope';
import { lockItem } from './counters';
import type { SocialRequest } from './request';

export const report = async (
  ctx: ServerContext,
  req: SocialRequest,
  body: ReportRequest,
): Promise<{ id: string }> => {
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
  return { id };
};

export const appeal = async (
  ctx: ServerContext,
  req: SocialRequest,
  body: AppealRequest,
): Promise<{ id: string }> => {
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
  return { id };
};
