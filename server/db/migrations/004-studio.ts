import type { Migration } from './types';

export const m004Studio: Migration = {
  id: 4,
  name: 'characters, chat, training, workflows, editor, analytics',
  sql: ``,
};
