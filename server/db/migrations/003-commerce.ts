import type { Migration } from './types';

export const m003Commerce: Migration = {
  id: 3,
  name: 'memberships, orders, decorations, uploads',
  sql: ``,
};
