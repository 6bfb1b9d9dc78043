import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** Ops routes (reserved slot: filled by its own work item). */
export const opsRoutes = (_app: FastifyInstance, _ctx: ServerContext): void => {};
