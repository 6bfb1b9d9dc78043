import type { Migration } from './types';

export const m002Community: Migration = {
  id: 2,
  name: 'feed, content, social, notices',
  sql: ``,
};
