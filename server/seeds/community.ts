import type { ServerContext } from '../context';

/** Community demo data; idempotent (reserved slot: filled by its own work item). */
export const seedCommunity = async (_ctx: ServerContext): Promise<void> => {};
