import type { Migration } from './types';

/**
 * Workflow cards of the square copied into a person's workflows (spec §2 "workflow: Try"): a copy
 * remembers the card it came from, and a person has at most one live copy of a card, so a Try
 * clicked twice (or sent from two tabs at once) makes one copy. A deleted copy frees the card for
 * a new one.
 * (Statements are split on ";\n", so none may contain one.)
 */
export const m016WorkflowCopies: Migration = {
  id: 16,
  name: 'workflow copies of square cards',
  sql: `
      ALTER TABLE comfy_workflows ADD COLUMN source_item_id text;
      CREATE UNIQUE INDEX comfy_workflows_one_copy ON comfy_workflows(account_id, source_item_id)
        WHERE source_item_id IS NOT NULL AND deleted_at IS NULL
  `,
};
