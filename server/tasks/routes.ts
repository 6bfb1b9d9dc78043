/**
 * Task routes (spec §7 task tools): create (with the guest rate limit and captcha), batch progress,
 * detail, list, delete, cancel, publish, remix, estimate, the tool config, the task options config
 * and the v2 base config. The LoRA training and ComfyUI workflow routes are the studio's
 * (server/studio/routes.ts). Codecs: infrastructure/contract/tasks.ts.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import {
  CAPTCHA_CHALLENGE_PATH,
  CAPTCHA_STATUS_PATH,
  CaptchaChallengeRequest,
  CaptchaStatusRequest,
  type CaptchaChallenge,
  type CaptchaStatusResponse,
} from '../../infrastructure/contract/captcha';
import {
  BatchProgressRequest,
  TASK_BASE_CONFIG_PATH,
  TASK_CANCEL_PATH,
  TASK_PUBLISH_PATH,
  TASK_REMIX_PATH,
  TaskCancelRequest,
  TaskPublishRequest,
  TaskRemixRequest,
  TASK_BATCH_PROGRESS_PATH,
  TASK_CREATE_PATH,
  TASK_DELETE_PATH,
  TASK_DETAIL_PATH,
  TASK_ESTIMATE_PATH,
  TASK_LIST_PATH,
  TASK_OPTIONS_CONFIG_PATH,
  TASK_TOOL_CONFIG_PATH,
  TaskCreateRequest,
  TaskDeleteRequest,
  TaskDetailRequest,
  TaskEstimateRequest,
  TaskListRequest,
  TaskOptionsConfigRequest,
  ToolConfigRequest,
} from '../../infrastructure/contract/tasks';
import { baseConfig, optionsConfig, toolConfigs } from './options';
import { publishTask, remixOf } from './publish';
import { loadSigningSecret } from '../uploads/signing';
import { ApiError, CODES, decodeBody, ok } from '../envelope';
import { makeCaptcha, makeGuestAllowance } from '../security/captcha';
import { postgresRateLimitStore } from '../security/rateLimitStore';
import type { ServerContext } from '../context';

export const taskRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  // Guest-ness comes from the session only: a `g_mode` in the body never makes an account a guest.
  const guestOf = (accountId: string | null) => accountId === null;
  const captcha = makeCaptcha(
    ctx.db,
    loadSigningSecret(ctx.config.signingSecret, ctx.config.dataDir),
    ctx.config.captchaBits,
  );
  const allowance = makeGuestAllowance(ctx.db, ctx.config.guestFreeTasks);

  // Guest task creation: rate-limited per client address (accounts are not), then the captcha
  // past the free allowance of the device and of the address. Counted in PostgreSQL, so the limits
  // hold across every server process on the database.
  app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      store: postgresRateLimitStore(ctx.db, ctx.clock),
      hook: 'preHandler',
      keyGenerator: (req) => req.ip,
      allowList: (req) => req.caller.accountId !== null,
      errorResponseBuilder: (_req, c) =>
        new ApiError(
          CODES.tooManyGuestRequests,
          `too many guest requests from this address; retry in ${Math.ceil(c.ttl / 1000)} s`,
          429,
        ),
    });
    scope.post(
      TASK_CREATE_PATH,
      { config: { rateLimit: { max: ctx.config.guestCreatesPerMinute, timeWindow: 60_000 } } },
      async (req) => {
        const body = decodeBody(TaskCreateRequest, req.body);
        const now = ctx.clock.now();
        const guest = guestOf(req.caller.accountId);
        // A free generation is taken from the allowance before the task is made (and given back
        // if it is refused), so requests in parallel cannot all find the allowance unspent.
        const free = guest ? await allowance.claimFree(req.caller.deviceId, req.ip, now) : null;
        if (guest && free === null) {
          if (body.captcha_token === undefined)
            throw new ApiError(CODES.captchaRequired, 'please solve the captcha challenge');
          const check = await captcha.redeem(body.captcha_token, now);
          if (check !== 'ok') throw new ApiError(CODES.captchaInvalid, `the captcha solution is ${check}`);
        }
        const item = await ctx.tasks.create(req.caller, body, now).catch(async (err: unknown) => {
          await free?.();
          throw err;
        });
        if (guest && free === null) await allowance.record(req.caller.deviceId, req.ip, now);
        return ok({ item });
      },
    );
  });

  app.post(CAPTCHA_STATUS_PATH, async (req) => {
    decodeBody(CaptchaStatusRequest, req.body);
    const needed =
      guestOf(req.caller.accountId) &&
      (await allowance.needsChallenge(req.caller.deviceId, req.ip, ctx.clock.now()));
    return ok({ state: needed ? 1 : 0 } satisfies CaptchaStatusResponse);
  });

  app.post(CAPTCHA_CHALLENGE_PATH, async (req) => {
    decodeBody(CaptchaChallengeRequest, req.body);
    return ok(captcha.issue(ctx.clock.now()) satisfies CaptchaChallenge);
  });

  app.post(TASK_BATCH_PROGRESS_PATH, async (req) => {
    const body = decodeBody(BatchProgressRequest, req.body);
    const items = await ctx.tasks.progress(
      req.caller,
      body.task_ids.slice(0, 100),
      guestOf(req.caller.accountId),
      ctx.clock.now(),
    );
    return ok({ items });
  });

  app.post(TASK_DETAIL_PATH, async (req) => {
    const body = decodeBody(TaskDetailRequest, req.body);
    return ok({
      item: await ctx.tasks.detail(req.caller, body.id, guestOf(req.caller.accountId), ctx.clock.now()),
    });
  });

  app.post(TASK_LIST_PATH, async (req) => {
    const body = decodeBody(TaskListRequest, req.body);
    return ok(await ctx.tasks.list(req.caller, body, ctx.clock.now()));
  });

  app.post(TASK_DELETE_PATH, async (req) => {
    const body = decodeBody(TaskDeleteRequest, req.body);
    return ok(await ctx.tasks.remove(req.caller, body.ids, guestOf(req.caller.accountId), ctx.clock.now()));
  });

  app.post(TASK_CANCEL_PATH, async (req) => {
    const body = decodeBody(TaskCancelRequest, req.body);
    return ok(await ctx.tasks.cancel(req.caller, body.ids, guestOf(req.caller.accountId), ctx.clock.now()));
  });

  app.post(TASK_PUBLISH_PATH, async (req) =>
    ok(await publishTask(ctx, req.caller, decodeBody(TaskPublishRequest, req.body), ctx.clock.now())),
  );

  app.post(TASK_REMIX_PATH, async (req) => ok(await remixOf(ctx, decodeBody(TaskRemixRequest, req.body).id)));

  app.post(TASK_ESTIMATE_PATH, async (req) => {
    const body = decodeBody(TaskEstimateRequest, req.body);
    return ok(await ctx.tasks.estimate(req.caller, body, ctx.clock.now()));
  });

  app.post(TASK_TOOL_CONFIG_PATH, async (req) => {
    const body = decodeBody(ToolConfigRequest, req.body);
    return ok({ items: toolConfigs(ctx.config.taskDurationMs, body.type) });
  });

  app.post(TASK_OPTIONS_CONFIG_PATH, async (req) => {
    const body = decodeBody(TaskOptionsConfigRequest, req.body);
    return ok(
      await optionsConfig(ctx.db, guestOf(req.caller.accountId) ? null : req.caller.accountId, body.model_id),
    );
  });

  app.post(TASK_BASE_CONFIG_PATH, async (req) => {
    decodeBody(TaskOptionsConfigRequest, req.body);
    return ok(baseConfig());
  });
};
