/**
 * Platform routes: the sensitive-word check, download URLs and the signed files they open,
 * video editor projects, push tokens, the service worker at /sw.js and the per-route
 * translation files. Paths and shapes are in infrastructure/contract/platform.ts.
 *
 * It also mirrors the HttpOnly session cookie T into a script-readable `T_present=1` with the
 * same lifetime (set and cleared with it), because the client must know at start whether T is
 * there (spec §4: persisted state is dropped when T is missing) and cannot read T itself.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  DOWNLOAD_FILE_PREFIX,
  DOWNLOAD_QUERY,
  DOWNLOAD_URL_PATH,
  DownloadUrlRequest,
  EDITOR_PROJECT_CREATE_PATH,
  EDITOR_PROJECT_DETAIL_PATH,
  EDITOR_PROJECT_SAVE_PATH,
  EDITOR_PROJECT_LIST_PATH,
  EDITOR_PROJECT_RENAME_PATH,
  EDITOR_PROJECT_DUPLICATE_PATH,
  EDITOR_PROJECT_DELETE_PATH,
  EditorProjectListRequest,
  EditorProjectRenameRequest,
  EditorProjectIdRequest,
  EditorProjectCreateRequest,
  EditorProjectDetailRequest,
  EditorSaveRequest,
  PUSH_CONFIG_PATH,
  PUSH_TOKEN_PATH,
  PushTokenRequest,
  SENSITIVE_CHECK_PATH,
  SERVICE_WORKER_PATH,
  SESSION_PRESENT_COOKIE,
  SensitiveCheckRequest,
  type DownloadUrlResponse,
  type EditorProjectResponse,
  type EditorSaveResponse,
  type EditorProjectListResponse,
  type EditorProjectSummaryResponse,
  type EditorProjectDeleteResponse,
  type PushConfigResponse,
  type PushTokenResponse,
  type SensitiveCheckResponse,
} from '../../infrastructure/contract/platform';
import { TOKEN_COOKIE } from '../../infrastructure/contract/envelope';
import { requireAccount } from '../auth';
import { contentTypeOf } from '../blobs/store';
import { loadSigningSecret } from '../commerce/signing';
import type { ServerContext } from '../context';
import { ApiError, CODES, decodeBody, failure, ok } from '../envelope';
import {
  DOWNLOAD_URL_TTL_MS,
  blobKeyOf,
  contentDisposition,
  downloadUrl,
  parseRange,
  verifyDownload,
} from '../platform/downloads';
import {
  createProject,
  deleteProject,
  duplicateProject,
  listProjects,
  projectDetail,
  renameProject,
  saveProject,
} from '../platform/editor';
import { checkSensitive } from '../platform/sensitive';
import { loadVapidPublicKey } from '../platform/vapid';

const SERVICE_WORKER_SOURCE = readFileSync(new URL('../platform/sw.js', import.meta.url), 'utf8');

/** `T=...; Max-Age=n` → the companion cookie with the same lifetime, or null for other cookies. */
export const sessionPresentCookie = (setCookie: string): string | null => {
  if (!setCookie.startsWith(`${TOKEN_COOKIE}=`)) return null;
  const value = setCookie.slice(TOKEN_COOKIE.length + 1).split(';')[0] ?? '';
  const maxAge = /;\s*Max-Age=(\d+)/i.exec(setCookie)?.[1];
  const seconds = value === '' || maxAge === undefined ? 0 : Number(maxAge);
  const secure = /;\s*Secure\b/i.test(setCookie) ? '; Secure' : '';
  return `${SESSION_PRESENT_COOKIE}=${seconds > 0 ? '1' : ''}; Path=/; Max-Age=${seconds}; SameSite=Lax${secure}`;
};

const mirrorSessionCookie = (reply: FastifyReply): void => {
  const header = reply.getHeader('set-cookie');
  const cookies = Array.isArray(header) ? header.map(String) : typeof header === 'string' ? [header] : [];
  if (cookies.some((c) => c.startsWith(`${SESSION_PRESENT_COOKIE}=`))) return;
  const companions = cookies.map(sessionPresentCookie).filter((c): c is string => c !== null);
  // reply.header appends to set-cookie: passing the existing cookies again would send T twice.
  if (companions.length > 0) reply.header('set-cookie', companions);
};

const forbidden = (msg: string) => new ApiError(CODES.forbidden, msg, 403);

export const platformRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  const secret = loadSigningSecret(ctx.config.signingSecret, ctx.config.dataDir);
  const vapidPublicKey = loadVapidPublicKey(ctx.config.dataDir);
  const now = () => ctx.clock.now();

  app.addHook('onSend', async (_req, reply, payload) => {
    mirrorSessionCookie(reply);
    return payload;
  });

  // ---- sensitive words (spec §5): any caller may check; nothing is stored

  app.post(SENSITIVE_CHECK_PATH, async (req) =>
    ok<SensitiveCheckResponse>(checkSensitive(decodeBody(SensitiveCheckRequest, req.body))),
  );

  // ---- downloads (spec §7 download url resolver; §9 chunked downloads with Range)

  app.post(DOWNLOAD_URL_PATH, async (req) => {
    const body = decodeBody(DownloadUrlRequest, req.body);
    const key = blobKeyOf(body.url);
    if (key === null) throw new ApiError(CODES.invalidRequest, 'not a file of ours');
    if ((await ctx.blobs.stat(key)) === null) throw new ApiError(CODES.notFound, 'no such file');
    const expiresAt = now() + DOWNLOAD_URL_TTL_MS;
    // In an S3-compatible store: a pre-signed GET of the store itself (Range works there too), so
    // the download's bytes never pass through this process; on disk: our own signed route below.
    const direct = await ctx.blobs.signedGet(key, {
      now: now(),
      expiresAt,
      disposition: contentDisposition(key),
    });
    return ok<DownloadUrlResponse>({
      url: direct ?? downloadUrl(secret, key, expiresAt),
      expires_at: expiresAt,
    });
  });

  app.get<{ Params: { '*': string }; Querystring: Record<string, string | undefined> }>(
    `${DOWNLOAD_FILE_PREFIX}*`,
    async (req, reply) => {
      const key = req.params['*'];
      const check = verifyDownload(
        secret,
        key,
        req.query[DOWNLOAD_QUERY.expires],
        req.query[DOWNLOAD_QUERY.signature],
        now(),
      );
      if (check === 'bad') throw forbidden('the download signature does not match');
      if (check === 'expired') throw forbidden('the download URL has expired');
      const bytes = await ctx.blobs.get(key);
      if (bytes === null) return reply.status(404).send(failure(CODES.notFound, 'no such file'));
      const range = parseRange(req.headers.range, bytes.length);
      reply.header('accept-ranges', 'bytes').header('cache-control', 'private, no-store');
      if (range.kind === 'unsatisfiable')
        return reply
          .status(416)
          .header('content-range', `bytes */${bytes.length}`)
          .send(failure(CODES.invalidRequest, 'range not satisfiable'));
      reply.header('content-type', contentTypeOf(key)).header('content-disposition', contentDisposition(key));
      if (range.kind === 'whole') return reply.send(bytes);
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`)
        .send(bytes.subarray(range.start, range.end + 1));
    },
  );

  // ---- video editor projects (spec §4, §7): signed-in owners only

  app.post(EDITOR_PROJECT_CREATE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(EditorProjectCreateRequest, req.body);
    return ok<EditorProjectResponse>({ project: await createProject(ctx.db, accountId, body, now()) });
  });

  app.post(EDITOR_PROJECT_DETAIL_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(EditorProjectDetailRequest, req.body);
    return ok<EditorProjectResponse>({ project: await projectDetail(ctx.db, accountId, body.id) });
  });

  app.post(EDITOR_PROJECT_SAVE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(EditorSaveRequest, req.body);
    return ok<EditorSaveResponse>(await saveProject(ctx.db, accountId, body, now()));
  });

  app.post(EDITOR_PROJECT_LIST_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    decodeBody(EditorProjectListRequest, req.body ?? {});
    return ok<EditorProjectListResponse>({ projects: await listProjects(ctx.db, accountId) });
  });

  app.post(EDITOR_PROJECT_RENAME_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(EditorProjectRenameRequest, req.body);
    return ok<EditorProjectSummaryResponse>({ project: await renameProject(ctx.db, accountId, body, now()) });
  });

  app.post(EDITOR_PROJECT_DUPLICATE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(EditorProjectIdRequest, req.body);
    return ok<EditorProjectResponse>({ project: await duplicateProject(ctx.db, accountId, body.id, now()) });
  });

  app.post(EDITOR_PROJECT_DELETE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(EditorProjectIdRequest, req.body);
    await deleteProject(ctx.db, accountId, body.id);
    return ok<EditorProjectDeleteResponse>({ deleted: true });
  });

  // ---- push tokens (spec §7): a browser's subscription, for its account or else its device

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

  // ---- static platform files: the service worker and the translation files

  app.get(SERVICE_WORKER_PATH, async (_req, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', '/')
      .send(SERVICE_WORKER_SOURCE),
  );
};
