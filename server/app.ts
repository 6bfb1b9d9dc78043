/**
 * The reference platform server: Fastify, the API contract of spec §7, the built web client on
 * the same port. `buildServer` is what `npm start` and the integration tests run.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { resolveCaller, type Caller } from './auth';
import { contentTypeOf, diskBlobStore, type BlobStore } from './blobs/store';
import type { ServerConfig } from './config';
import type { ServerContext } from './context';
import { openPglite, openPostgres, type Database } from './db/database';
import { acquireEngines } from './engines/pool';
import { migrate } from './db/migrations';
import { ApiError, CODES, failure } from './envelope';
import { accountRoutes } from './routes/account';
import { commerceRoutes } from './routes/commerce';
import { communityRoutes } from './routes/community';
import { marketingRoutes } from './routes/marketing';
import { studioRoutes } from './routes/studio';
import { opsRoutes } from './routes/ops';
import { platformRoutes } from './routes/platform';
import { paymentRoutes } from './routes/payment';
import { taskRoutes } from './routes/tasks';
import { seed } from './seed';
import { seedCommerce } from './seeds/commerce';
import { seedCommunity } from './seeds/community';
import { seedMarketing } from './seeds/marketing';
import { seedStudio } from './seeds/studio';
import { makeTaskService } from './tasks';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

export interface RouteInfo {
  readonly method: string;
  readonly url: string;
}

export interface Server {
  readonly app: FastifyInstance;
  /** Every route the server registered, for docs/api.md and the contract-coverage test. */
  readonly routes: readonly RouteInfo[];
  readonly ctx: ServerContext;
  readonly close: () => Promise<void>;
}

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise opened from the config. */
  readonly db?: Database;
  readonly blobs?: BlobStore;
  readonly clock?: { readonly now: () => number };
  /** Run the engine loop (tests may drive `ctx.tasks.tick` themselves). */
  readonly runEngines?: boolean;
  readonly logger?: boolean;
}

export const openDatabase = (config: ServerConfig): Promise<Database> =>
  config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(path.join(config.dataDir, 'pgdata'));

export const buildServer = async (config: ServerConfig, options: BuildOptions = {}): Promise<Server> => {
  const clock = options.clock ?? { now: () => Date.now() };
  const db = options.db ?? (await openDatabase(config));
  const engines = acquireEngines();
  await migrate(db);
  await seed(db, clock.now());
  const blobs = options.blobs ?? diskBlobStore(path.join(config.dataDir, 'blobs'));
  const ctx: ServerContext = {
    config,
    db,
    blobs,
    clock,
    tasks: makeTaskService(db, blobs, config.taskDurationMs),
  };
  await seedCommunity(ctx);
  await seedCommerce(ctx);
  await seedStudio(ctx);
  await seedMarketing(ctx);

  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1024 * 1024 });
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
  });
  app.decorateRequest('caller', null as unknown as Caller);
  app.addHook('preHandler', async (req) => {
    if (req.url.startsWith('/api/')) req.caller = await resolveCaller(db, req, clock.now());
  });
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof ApiError) return reply.status(err.httpStatus).send(failure(err.code, err.message));
    const status = (err as { statusCode?: number }).statusCode;
    const message = err instanceof Error ? err.message : String(err);
    if (status && status >= 400 && status < 500)
      return reply.status(200).send(failure(CODES.invalidRequest, message));
    app.log.error(err);
    return reply.status(500).send(failure(500, 'internal error'));
  });

  accountRoutes(app, ctx);
  paymentRoutes(app, ctx);
  taskRoutes(app, ctx);
  communityRoutes(app, ctx);
  commerceRoutes(app, ctx);
  studioRoutes(app, ctx);
  opsRoutes(app, ctx);
  platformRoutes(app, ctx);
  marketingRoutes(app, ctx);

  app.get<{ Params: { '*': string } }>('/blobs/*', async (req, reply) => {
    const key = req.params['*'];
    const bytes = await blobs.get(key);
    if (!bytes) return reply.status(404).send(failure(CODES.notFound, 'no such file'));
    return reply
      .header('content-type', contentTypeOf(key))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });

  const hasWeb = existsSync(path.join(config.webRoot, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: config.webRoot, wildcard: false });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || !hasWeb)
      return reply
        .status(404)
        .send(failure(CODES.notFound, `no route ${req.method} ${req.url.split('?')[0]}`));
    return reply.type('text/html').sendFile('index.html');
  });

  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  if (options.runEngines ?? true) {
    timer = setInterval(() => {
      if (ticking) return;
      ticking = ctx.tasks
        .tick(clock.now())
        .then(() => undefined)
        .catch((err: unknown) => app.log.error(err))
        .finally(() => {
          ticking = null;
        });
    }, 250);
  }

  return {
    app,
    routes,
    ctx,
    close: async () => {
      if (timer) clearInterval(timer);
      await app.close();
      // The tick in flight finishes (its render and its writes) before the pool and the database close.
      await ticking;
      await engines.release();
      if (!options.db) await db.close();
    },
  };
};
