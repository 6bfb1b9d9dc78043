/**
 * Push routes (spec §7): the VAPID public key (./vapid.ts), a browser's push subscription for its
 * account or else its device, and the service worker at /sw.js (./sw.js). Paths and shapes are in
 * infrastructure/contract/platform.ts.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import {
  PUSH_CONFIG_PATH,
  PUSH_TOKEN_PATH,
  PushTokenRequest,
  SERVICE_WORKER_PATH,
  type PushConfigResponse,
  type PushTokenResponse,
} from '../../infrastructure/contract/platform';
import type { ServerContext } from '../context';
import { ApiError, CODES, decodeBody, ok } from '../envelope';
import { loadVapidPublicKey } from './vapid';

const SERVICE_WORKER_SOURCE = readFileSync(new URL('./sw.js', import.meta.url), 'utf8');

export const pushRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  const vapidPublicKey = loadVapidPublicKey(ctx.config.dataDir);
  const now = () => ctx.clock.now();

  app.post(PUSH_CONFIG_PATH, async () => ok<PushConfigResponse>({ vapid_public_key: vapidPublicKey }));

  app.post(PUSH_TOKEN_PATH, async (req) => {
    const body = decodeBody(PushTokenRequest, req.body);
    const { accountId, deviceId } = req.caller;
    if (accountId === null && deviceId === null)
      throw new ApiError(CODES.invalidRequest, 'a session or a device id is needed');
    await ctx.db.query(
      `INSERT INTO push_tokens (token, account_id, device_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (token) DO UPDATE SET account_id = EXCLUDED.account_id, device_id = EXCLUDED.device_id, updated_at = EXCLUDED.updated_at`,
      [body.token, accountId, deviceId, now()],
    );
    return ok<PushTokenResponse>({ registered: true });
  });

  // The service worker (a static file of the platform).

  app.get(SERVICE_WORKER_PATH, async (_req, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', '/')
      .send(SERVICE_WORKER_SOURCE),
  );
};
