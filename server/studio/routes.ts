/**
 * Studio routes: voice creation, the e-book reader's chapters, LoRA training (server/studio/training.ts)
 * and the ComfyUI workflows (server/studio/workflowRoutes.ts). Codecs: infrastructure/contract/studio.ts
 * and creation.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { ebookRoutes } from './ebooks';
import { trainingRoutes } from './trainingRoutes';
import { voiceRoutes } from './voices';
import { workflowRoutes } from './workflowRoutes';

export const studioRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  voiceRoutes(app, ctx);
  ebookRoutes(app, ctx);
  trainingRoutes(app, ctx);
  workflowRoutes(app, ctx);
};
