import type { FastifyInstance } from 'fastify';
import {
  BatchProgressRequest,
  TASK_BATCH_PROGRESS_PATH,
  TASK_CREATE_PATH,
  TaskCreateRequest,
} from '../../infrastructure/contract/tasks';
import { decodeBody, ok } from '../envelope';
import type { ServerContext } from '../context';

export const taskRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  app.post(TASK_CREATE_PATH, async (req) => {
    const body = decodeBody(TaskCreateRequest, req.body);
    const item = await ctx.tasks.create(req.caller, body, ctx.clock.now());
    return ok({ item });
  });

  app.post(TASK_BATCH_PROGRESS_PATH, async (req) => {
    const body = decodeBody(BatchProgressRequest, req.body);
    const items = await ctx.tasks.progress(req.caller, body.task_ids.slice(0, 100), body.g_mode === 1, ctx.clock.now());
    return ok({ items });
  });
};
