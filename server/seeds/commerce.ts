import type { ServerContext } from '../context';

/** Commerce demo data; idempotent (reserved slot: filled by its own work item). */
export const seedCommerce = async (_ctx: ServerContext): Promise<void> => {};
