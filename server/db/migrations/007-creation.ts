import type { Migration } from './types';

/**
 * Creation: tasks of every kind (their request fields and resolved inputs in `params`, every
 * output with its kind in `media`, the workflow node being executed, soft deletion), imported
 * ComfyUI workflows, and LoRA trainings (their result and what became of it: saved to the
 * owner's models, published as a community model, shared as a LoRA template of the square).
 * (Statements are split on ";\n", so none may contain one.)
 */
export const m007Creation: Migration = {
  id: 7,
  name: 'task kinds, workflows, LoRA training',
  sql: `
      ALTER TABLE tasks ADD COLUMN params jsonb NOT NULL DEFAULT '{}'::jsonb;
      ALTER TABLE tasks ADD COLUMN media jsonb NOT NULL DEFAULT '[]'::jsonb;
      ALTER TABLE tasks ADD COLUMN current_node text;
      ALTER TABLE tasks ADD COLUMN task_return text;
      ALTER TABLE tasks ADD COLUMN speed_type integer NOT NULL DEFAULT 1;
      ALTER TABLE tasks ADD COLUMN deleted_at bigint;
      CREATE INDEX tasks_device ON tasks(device_id, created_at DESC) WHERE account_id IS NULL;
      CREATE TABLE comfy_workflows (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name text NOT NULL,
        graph jsonb NOT NULL,
        node_count integer NOT NULL,
        created_at bigint NOT NULL,
        deleted_at bigint
      );
      CREATE INDEX comfy_workflows_owner ON comfy_workflows(account_id, created_at DESC);
      CREATE TABLE lora_trainings (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name text NOT NULL,
        base_model text NOT NULL,
        train_type text NOT NULL,
        trigger_word text NOT NULL,
        images jsonb NOT NULL,
        image_keys jsonb NOT NULL,
        steps integer NOT NULL,
        template_id text,
        status integer NOT NULL,
        process integer NOT NULL DEFAULT 0,
        status_desc text NOT NULL DEFAULT '',
        cost integer NOT NULL DEFAULT 0,
        duration_ms integer NOT NULL,
        result jsonb,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL,
        finished_at bigint,
        saved_at bigint,
        published_item_id text,
        square_item_id text
      );
      CREATE INDEX lora_trainings_owner ON lora_trainings(account_id, created_at DESC);
      CREATE INDEX lora_trainings_active ON lora_trainings(status) WHERE status IN (1, 2);
      CREATE UNIQUE INDEX lora_trainings_one_running ON lora_trainings(account_id) WHERE status IN (1, 2)
  `,
};
