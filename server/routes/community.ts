import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** Community routes (reserved slot: filled by its own work item). */
export const communityRoutes = (_app: FastifyInstance, _ctx: ServerContext): void => {};
