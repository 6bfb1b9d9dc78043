import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** Commerce routes (reserved slot: filled by its own work item). */
export const commerceRoutes = (_app: FastifyInstance, _ctx: ServerContext): void => {};
