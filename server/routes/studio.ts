import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** Studio routes (reserved slot: filled by its own work item). */
export const studioRoutes = (_app: FastifyInstance, _ctx: ServerContext): void => {};
