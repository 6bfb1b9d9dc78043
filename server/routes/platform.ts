import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** Platform routes (reserved slot: filled by its own work item). */
export const platformRoutes = (_app: FastifyInstance, _ctx: ServerContext): void => {};
