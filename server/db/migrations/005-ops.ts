import type { Migration } from './types';

export const m005Ops: Migration = {
  id: 5,
  name: 'heartbeat, flags, analytics ingestion',
  sql: ``,
};
