import type { ServerContext } from '../context';

/** Studio demo data; idempotent (reserved slot: filled by its own work item). */
export const seedStudio = async (_ctx: ServerContext): Promise<void> => {};
