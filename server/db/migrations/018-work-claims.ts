import type { Migration } from './types';

/**
 * Engine work claimed from PostgreSQL (issue 23): a running task or training is worked on by the
 * one server process named in `claimed_by` until `lease_until` (the clock's milliseconds); the
 * claimer renews the lease while it works, and another process takes the row over once the lease
 * has expired (its claimer died). `claims` counts how often a row was claimed (1 unless taken over).
 * (Statements are split on ";\n", so none may contain one.)
 */
export const m018WorkClaims: Migration = {
  id: 18,
  name: 'work claims',
  sql: `
      ALTER TABLE tasks ADD COLUMN claimed_by text;
      ALTER TABLE tasks ADD COLUMN lease_until bigint;
      ALTER TABLE tasks ADD COLUMN claims integer NOT NULL DEFAULT 0;
      ALTER TABLE lora_trainings ADD COLUMN claimed_by text;
      ALTER TABLE lora_trainings ADD COLUMN lease_until bigint;
      ALTER TABLE lora_trainings ADD COLUMN claims integer NOT NULL DEFAULT 0;
      CREATE INDEX tasks_claimed ON tasks(claimed_by) WHERE status IN (1, 2);
      CREATE INDEX lora_trainings_claimed ON lora_trainings(claimed_by) WHERE status IN (1, 2)
  `,
};
