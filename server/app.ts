/**
 * The reference platform server: Fastify, the API contract of spec §7, the built web client on
 * the same port. `buildServer` is what `npm start` and the integration tests run.
 */
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { presentsDeadCookie, resolveCaller, sessionCookie, type Caller } from './auth';
import {
  describeProblem,
  findInputProblem,
  handleClientError,
  MAX_URL_LENGTH,
  requestIdOf,
} from './boundary';
import { blobStoreOf } from './blobs/configured';
import { contentTypeOf, type BlobStore } from './blobs/store';
import { variantRoutes } from './blobs/variants';
import type { ServerConfig } from './config';
import type { ServerContext } from './context';
import { readBuiltPage, registerDelivery, sendPage, staticCacheHeaders } from './delivery';
import { DATABASE_UNAVAILABLE, openPglite, openPostgres, type Database } from './db/database';
import { acquireEngines } from './engines/pool';
import { migrate } from './db/migrations';
import { SUCCESS_CODE } from '../infrastructure/contract/envelope';
import { ApiError, CODES, failure, ok } from './envelope';
import { audioRoutes } from './audio/routes';
import { billingRoutes } from './billing/routes';
import { campaignRoutes } from './campaigns/routes';
import { characterRoutes } from './characters/routes';
import { chatRoutes } from './chat/routes';
import { decorationRoutes } from './decorations/routes';
import { detailPageRoutes } from './details/preload';
import { squarePageRoutes } from './feed/preload';
import { detailRoutes } from './details/routes';
import { downloadRoutes } from './downloads/routes';
import { editorRoutes } from './editor/routes';
import { coverRoutes } from './feed/covers';
import { feedRoutes } from './feed/routes';
import { messageRoutes } from './messages/routes';
import { moderationRoutes } from './moderation/routes';
import { opsRoutes } from './ops/routes';
import { paymentRoutes } from './payment/routes';
import { peopleRoutes } from './people/routes';
import { pushRoutes } from './push/routes';
import { firstScreenRoutes } from './routing/firstScreen';
import { seoRoutes } from './routing/seo';
import { registerSessionPresentCookie } from './session/presentCookie';
import { sessionRoutes } from './session/routes';
import { socialRoutes } from './social/routes';
import { studioRoutes } from './studio/routes';
import { supportRoutes } from './support/routes';
import { taskRoutes } from './tasks/routes';
import { uploadRoutes } from './uploads/routes';
import { seed } from './seed';
import { seedCommerce } from './seeds/commerce';
import { seedCommunity } from './seeds/community';
import { seedDetails } from './seeds/details';
import { seedSocial } from './seeds/social';
import { seedMarketing } from './seeds/marketing';
import { seedStudio } from './seeds/studio';
import { makeTaskService } from './tasks/service';
import { workerName } from './tasks/claims';
import { makePush } from './realtime/push';
import { TASK_SETTLED_EVENT } from '../infrastructure/contract/tasks';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

export interface RouteInfo {
  readonly method: string;
  readonly url: string;
  /** A file of the built web client (one route per file, registered by @fastify/static). */
  readonly file?: true;
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
  /** Structured request logs (pino); off unless given. `stream` lets tests read the lines. */
  readonly logger?: boolean | LoggerOptions;
}

export interface LoggerOptions {
  readonly level: string;
  readonly stream?: { write: (line: string) => void };
}

/** Secrets never written to a log line, wherever they appear in what is logged. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers.token',
  'headers.cookie',
  'headers.authorization',
  'headers.token',
  'res.headers["set-cookie"]',
  'headers["set-cookie"]',
  'password',
  '*.password',
  'body.password',
  'req.body.password',
];

const loggerOf = (logger: BuildOptions['logger']) => {
  if (!logger) return false;
  const level = logger === true ? 'info' : logger.level;
  const stream = logger === true ? undefined : logger.stream;
  return { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, ...(stream ? { stream } : {}) };
};

/** A failure envelope with the request id, for every refusal the framework makes. */
/** Where the caller reads the outcome from the envelope, not from the HTTP status. */
export const isEnvelopeRoute = (method: string, url: string): boolean =>
  url.startsWith('/api/') || method === 'POST';

const refusal = (req: FastifyRequest, msg: string) => ({
  ...failure(CODES.invalidRequest, msg),
  request_id: req.id,
});

/** Fastify's own refusals, by code: what to tell the caller, and the HTTP status. */
const FRAMEWORK_REFUSALS: Readonly<Record<string, { readonly status: number; readonly msg: string }>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, msg: 'the request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, msg: 'unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, msg: 'the content length does not match the body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, msg: 'body: an empty JSON body' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, msg: 'body: not valid JSON' },
  FST_ERR_BAD_URL: { status: 400, msg: 'the request path is not valid URL encoding' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, msg: 'the content type is not valid' },
};

/** The advisory lock key of migrating and seeding (any number no other lock uses). */
const BOOT_LOCK = 0x61746c72;

export const openDatabase = (config: ServerConfig): Promise<Database> =>
  config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(path.join(config.dataDir, 'pgdata'));

/**
 * The hooks every request passes: its id and length, hostile input refused, the caller resolved,
 * failures in the envelope with the request id, and the error handler.
 */
const registerRequestHooks = (
  app: FastifyInstance,
  db: Database,
  clock: { readonly now: () => number },
): void => {
  app.decorateRequest('caller', null as unknown as Caller);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (req.url.length > MAX_URL_LENGTH)
      return reply.status(414).send(refusal(req, 'the request target is too long'));
  });
  // The one place where hostile input is refused, before any handler or database sees it.
  app.addHook('preValidation', async (req, reply) => {
    const problem =
      findInputProblem('params', req.params) ??
      findInputProblem('query', req.query) ??
      findInputProblem('body', req.body);
    // The JSON API (under /api/, and the checkout page's POSTs) answers in its envelope with HTTP
    // 200 (spec §8: the code is in the body); any other route (the signed chunk PUT, a file's
    // address) answers a refusal with an HTTP error status: an S3-style or plain HTTP client reads
    // a 200 as done (issue 25).
    if (problem)
      return reply
        .status(isEnvelopeRoute(req.method, req.url) ? 200 : 400)
        .send(refusal(req, describeProblem(problem)));
  });
  app.addHook('preHandler', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    req.caller = await resolveCaller(db, req, clock.now());
    // A dead session's cookie is cleared by the answer (a route that signs in sets T after this).
    if (await presentsDeadCookie(db, req, req.caller, clock.now()))
      reply.header('set-cookie', sessionCookie('', 0));
  });
  // Every failure envelope carries the request id, whichever route or hook built it.
  app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
    if (
      typeof payload === 'object' &&
      payload !== null &&
      'status' in payload &&
      'data' in payload &&
      payload.data === null &&
      !('request_id' in payload)
    ) {
      const status = payload.status as { code?: unknown } | null;
      if (status && status.code !== SUCCESS_CODE) return { ...payload, request_id: req.id };
    }
    return payload;
  });
  app.setErrorHandler((err, req, reply) => {
    if (err instanceof ApiError) return reply.status(err.httpStatus).send(failure(err.code, err.message));
    const code = (err as { code?: unknown }).code;
    const known = typeof code === 'string' ? FRAMEWORK_REFUSALS[code] : undefined;
    if (known) return reply.status(known.status).send(refusal(req, known.msg));
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500)
      return reply.status(status).send(refusal(req, 'malformed request'));
    req.log.error({ err }, 'internal error');
    return reply.status(500).send({ ...failure(500, 'internal error'), request_id: req.id });
  });
};

/** Every area's routes, each beside its service (server/<area>/routes.ts). */
const registerRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  sessionRoutes(app, ctx);
  billingRoutes(app, ctx);
  taskRoutes(app, ctx);
  coverRoutes(app, ctx);
  detailRoutes(app, ctx);
  feedRoutes(app, ctx);
  socialRoutes(app, ctx);
  messageRoutes(app, ctx);
  peopleRoutes(app, ctx);
  paymentRoutes(app, ctx);
  decorationRoutes(app, ctx);
  uploadRoutes(app, ctx);
  characterRoutes(app, ctx);
  audioRoutes(app, ctx);
  chatRoutes(app, ctx);
  studioRoutes(app, ctx);
  opsRoutes(app, ctx);
  registerSessionPresentCookie(app);
  moderationRoutes(app);
  downloadRoutes(app, ctx);
  editorRoutes(app, ctx);
  pushRoutes(app, ctx);
  campaignRoutes(app, ctx);
  supportRoutes(app, ctx);
  seoRoutes(app, ctx.config.cookieSecure);
};

export const buildServer = async (config: ServerConfig, options: BuildOptions = {}): Promise<Server> => {
  const clock = options.clock ?? { now: () => Date.now() };
  const db = options.db ?? (await openDatabase(config));
  const engines = acquireEngines();
  const blobs = options.blobs ?? (await blobStoreOf(config));
  const push = makePush();
  const ctx: ServerContext = {
    config,
    db,
    blobs,
    clock,
    tasks: makeTaskService(db, blobs, config.taskDurationMs, {
      worker: workerName(os.hostname(), process.pid, randomBytes(4).toString('hex')),
      leaseMs: config.workLeaseMs ?? 10_000,
      capacity: config.workCapacity ?? 200,
      clock: clock.now,
      // The owner's tabs hear at once that a task ended; polling stays the fallback (spec §4).
      settled: (accountId, id) => push.toAccount(accountId, TASK_SETTLED_EVENT, { task_ids: [id] }),
    }),
    popupOverrides: new Map(),
    push,
  };
  // Processes starting together on one database migrate and seed one after the other.
  await db.exclusive(BOOT_LOCK, async () => {
    await migrate(db);
    await seed(db, clock.now());
    await seedCommunity(ctx);
    await seedDetails(ctx);
    await seedSocial(ctx);
    await seedCommerce(ctx);
    await seedStudio(ctx);
    await seedMarketing(ctx);
  });

  const app = Fastify({
    logger: loggerOf(options.logger),
    bodyLimit: 1024 * 1024,
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    clientErrorHandler: handleClientError,
    frameworkErrors: (err, req, reply) => {
      const known = FRAMEWORK_REFUSALS[err.code];
      // The generic reply type of this option does not accept a plain envelope; it is one.
      void (reply as unknown as FastifyReply)
        .status(known?.status ?? 400)
        .send(refusal(req as FastifyRequest, known?.msg ?? 'malformed request'));
    },
  });
  const builtPage = readBuiltPage(config);
  await registerDelivery(app, config, builtPage);
  const routes: RouteInfo[] = [];
  // @fastify/static registers one route per file of the build: a route without parameters that
  // names a file of the web root is one of them (`/`, the web root itself, is Create's page).
  const isFileRoute = (url: string) =>
    !/[:*]/.test(url) &&
    !url.startsWith('/api/') &&
    statSync(path.join(config.webRoot, url), { throwIfNoEntry: false })?.isFile() === true;
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      if (method !== 'HEAD')
        routes.push({ method, url: r.url, ...(isFileRoute(r.url) ? { file: true as const } : {}) });
  });
  registerRequestHooks(app, db, clock);

  registerRoutes(app, ctx);

  // For a load balancer's checks (deploy/haproxy.cfg): 200 while this process reaches its database.
  app.get('/healthz', async (_req, reply) => {
    const up = await db.query('SELECT 1').then(
      () => true,
      () => false,
    );
    return reply
      .status(up ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(up ? ok({ database: 'up' }) : failure(DATABASE_UNAVAILABLE, 'the database is unavailable'));
  });

  variantRoutes(app, ctx);
  app.get<{ Params: { '*': string } }>('/blobs/*', async (req, reply) => {
    const key = req.params['*'];
    const bytes = await blobs.get(key);
    if (!bytes) return reply.status(404).send(failure(CODES.notFound, 'no such file'));
    return reply
      .header('content-type', contentTypeOf(key))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });

  const hasWeb = builtPage !== null;
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: config.webRoot,
      wildcard: false,
      cacheControl: false,
      setHeaders: staticCacheHeaders,
      // The build wrote brotli and gzip siblings of every page, script, style and translation file
      // (scripts/precompress.mjs): sent as they are, nothing compressed per request.
      preCompressed: true,
      // `/` is Create's address, with its first screen drawn in (server/routing/firstScreen.ts).
      index: false,
      // The build's manifest (.vite/) is the server's to read (server/routing/routeChunks.ts), not a page's.
      allowedPath: (pathName) =>
        !pathName.startsWith('/.vite/') && (config.serveSourceMaps || !pathName.endsWith('.map')),
    });
  detailPageRoutes(app, ctx, builtPage);
  squarePageRoutes(app, ctx, builtPage);
  firstScreenRoutes(app, ctx, builtPage);
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    // A missing file of the build (or a source map not served) is a 404, never the page.
    const isFile =
      pathname.startsWith('/assets/') || pathname.startsWith('/locales/') || pathname.endsWith('.map');
    if (req.url.startsWith('/api/') || req.method !== 'GET' || !hasWeb || isFile)
      return reply
        .status(404)
        .send(failure(CODES.notFound, `no route ${req.method} ${req.url.split('?')[0]}`));
    return sendPage(reply);
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
      // The tick in flight ends after the render it is on (the backlog is released to the next
      // claimer, not rendered here) before the pool and the database close.
      const stopped = ctx.tasks.stop(ticking);
      await app.close();
      await stopped;
      await engines.release();
      if (!options.db) await db.close();
    },
  };
};
