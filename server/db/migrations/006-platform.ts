import type { Migration } from './types';

export const m006Platform: Migration = {
  id: 6,
  name: 'moderation, downloads, editor projects',
  sql: ``,
};
