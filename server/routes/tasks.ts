/**
 * Task routes (spec §7 task tools): create, batch progress, detail, list, delete, estimate,
 * the tool config, the task options config and the v2 base config; then the LoRA training and
 * ComfyUI workflow routes of server/creation. Codecs: infrastructure/contract/tasks.ts and
 * creation.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  BatchProgressRequest,
  TASK_BASE_CONFIG_PATH,
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
import { baseConfig, optionsConfig, toolConfigs } from '../creation/options';
import { trainingRoutes } from '../creation/training';
import { workflowRoutes } from '../creation/workflowRoutes';
import { decodeBody, ok } from '../envelope';
import type { ServerContext } from '../context';

export const taskRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  const guestOf = (accountId: string | null, gMode: number | undefined) => accountId === null || gMode === 1;

  app.post(TASK_CREATE_PATH, async (req) => {
    const body = decodeBody(TaskCreateRequest, req.body);
    const item = await ctx.tasks.create(req.caller, body, ctx.clock.now());
    return ok({ item });
  });

  app.post(TASK_BATCH_PROGRESS_PATH, async (req) => {
    const body = decodeBody(BatchProgressRequest, req.body);
    const items = await ctx.tasks.progress(
      req.caller,
      body.task_ids.slice(0, 100),
      body.g_mode === 1,
      ctx.clock.now(),
    );
    return ok({ items });
  });

  app.post(TASK_DETAIL_PATH, async (req) => {
    const body = decodeBody(TaskDetailRequest, req.body);
    return ok({
      item: await ctx.tasks.detail(
        req.caller,
        body.id,
        guestOf(req.caller.accountId, body.g_mode),
        ctx.clock.now(),
      ),
    });
  });

  app.post(TASK_LIST_PATH, async (req) => {
    const body = decodeBody(TaskListRequest, req.body);
    return ok(await ctx.tasks.list(req.caller, body, ctx.clock.now()));
  });

  app.post(TASK_DELETE_PATH, async (req) => {
    const body = decodeBody(TaskDeleteRequest, req.body);
    return ok(
      await ctx.tasks.remove(
        req.caller,
        body.ids,
        guestOf(req.caller.accountId, body.g_mode),
        ctx.clock.now(),
      ),
    );
  });

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
      await optionsConfig(ctx.db, guestOf(req.caller.accountId, body.g_mode) ? null : req.caller.accountId),
    );
  });

  app.post(TASK_BASE_CONFIG_PATH, async (req) => {
    decodeBody(TaskOptionsConfigRequest, req.body);
    return ok(baseConfig());
  });

  trainingRoutes(app, ctx);
  workflowRoutes(app, ctx);
};
