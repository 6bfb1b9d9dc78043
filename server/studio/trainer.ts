/**
 * The simulated LoRA trainer: advances running trainings on the task runner's tick and, at
 * the end, writes the result (see ./training.ts for the API and the decisions).
 */
import { TRAIN_STATUS, type TrainModelCard } from '../../infrastructure/contract/creation';
import { claimWork, withLease, type ClaimSettings } from '../tasks/claims';
import { privateFolder, type BlobStore } from '../blobs/store';
import type { Database } from '../db/database';
import { EngineError } from '../engines/bitmap';
import { runEngine } from '../engines/pool';
import { refund } from '../ledger';
import { slug, TRAIN_STAT_IMAGES } from './trainerEngine';

export { slug };

/** A name containing this marker makes the simulated trainer fail halfway (tests, demos). */
export const TRAIN_FAIL_MARKER = '#fail';

export interface TrainingRow extends Record<string, unknown> {
  id: string;
  account_id: string;
  name: string;
  base_model: string;
  train_type: string;
  trigger_word: string;
  images: string[] | string;
  image_keys: string[] | string;
  steps: number;
  template_id: string | null;
  status: number;
  process: number;
  status_desc: string;
  cost: number;
  duration_ms: number;
  result: StoredResult | string | null;
  created_at: string | number;
  updated_at: string | number;
  finished_at: string | number | null;
  saved_at: string | number | null;
  published_item_id: string | null;
  tags?: string[] | string | null;
}

export interface StoredResult {
  readonly model_card: TrainModelCard;
  readonly file: {
    readonly key: string;
    readonly url: string;
    readonly file_name: string;
    readonly size: number;
  };
  readonly samples: readonly { readonly url: string; readonly width: number; readonly height: number }[];
  readonly loss: readonly number[];
}

export const json = <A>(v: A | string): A => (typeof v === 'string' ? (JSON.parse(v) as A) : v);

const produceResult = async (blobs: BlobStore, row: TrainingRow): Promise<StoredResult> => {
  const keys = json<string[]>(row.image_keys);
  const inputs: Record<string, Uint8Array | null> = {};
  for (const key of keys.slice(0, TRAIN_STAT_IMAGES)) inputs[key] ??= await blobs.get(key);
  const {
    bytes,
    loss,
    samples: rendered,
  } = await runEngine('train', {
    id: row.id,
    name: row.name,
    base_model: row.base_model,
    steps: row.steps,
    trigger_word: row.trigger_word,
    train_type: row.train_type,
    keys,
    inputs,
  });
  const fileName = `${slug(row.name)}.safetensors`;
  // A private folder: the samples and the LoRA file open for no one who only knows the training id.
  const folder = privateFolder('trainings', row.id);
  const key = `${folder}/${fileName}`;
  await blobs.put(key, bytes);
  const samples = [];
  for (const [i, img] of rendered.entries()) {
    const sampleKey = `${folder}/sample-${i}.png`;
    await blobs.put(sampleKey, img.png);
    samples.push({ url: blobs.urlOf(sampleKey), width: img.width, height: img.height });
  }
  return {
    model_card: {
      title: row.name,
      content_type: 'model',
      content_sub_type: 'LORA',
      child: [{ id: `train-${row.id}`, name: 'v1.0', base_model: row.base_model }],
      cover: samples[0]!,
    },
    file: { key, url: blobs.urlOf(key), file_name: fileName, size: bytes.length },
    samples,
    loss,
  };
};

/** Advances running trainings (called by the task runner's tick); returns how many changed. */
export const advanceTrainings = async (
  db: Database,
  blobs: BlobStore,
  work: ClaimSettings & { readonly clock: () => number; readonly stopping?: () => boolean },
  now: number,
): Promise<number> => {
  // The trainings this process holds (tasks/claims.ts): each is advanced by one process at a time.
  const rows = await claimWork<TrainingRow>(db, 'lora_trainings', work, now);
  let changed = 0;
  for (const row of rows) {
    // A stopping process starts no further training's result (the runner's rule, tasks/runner.ts).
    if (work.stopping?.()) break;
    const fraction = (now - Number(row.created_at)) / row.duration_ms;
    let failure: string | null =
      row.name.includes(TRAIN_FAIL_MARKER) && fraction >= 0.5 ? 'the trainer failed' : null;
    let result: StoredResult | null = null;
    if (failure === null && fraction >= 1) {
      try {
        result = await withLease(db, 'lora_trainings', work, row.id, work.clock, () =>
          produceResult(blobs, row),
        );
      } catch (err) {
        failure = `the trainer failed: ${err instanceof EngineError ? err.message : 'internal error'}`;
        if (!(err instanceof EngineError)) console.error('training failed', row.id, err);
      }
    }
    await db.transaction(async (tx) => {
      if (failure !== null) {
        const updated = await tx.query(
          `UPDATE lora_trainings SET status = 4, status_desc = $2, updated_at = $3, finished_at = $3, claimed_by = NULL, lease_until = NULL
           WHERE id = $1 AND status IN (1, 2) AND claimed_by = $4 RETURNING id`,
          [row.id, failure, now, work.worker],
        );
        if (updated.length > 0 && row.cost > 0)
          await refund(tx, row.account_id, row.id, 'training refund', now);
        return;
      }
      if (result !== null) {
        await tx.query(
          `UPDATE lora_trainings SET status = 3, process = 100, status_desc = 'done', result = $2::jsonb, updated_at = $3, finished_at = $3,
             claimed_by = NULL, lease_until = NULL WHERE id = $1 AND status IN (1, 2) AND claimed_by = $4`,
          [row.id, JSON.stringify(result), now, work.worker],
        );
        return;
      }
      const process = Math.max(row.process, Math.min(99, Math.floor(fraction * 100)));
      const status = fraction < 0.1 ? TRAIN_STATUS.queued : TRAIN_STATUS.training;
      if (process === row.process && status === row.status) return;
      const desc =
        status === TRAIN_STATUS.queued
          ? 'queued'
          : `training step ${Math.floor((process / 100) * row.steps)}/${row.steps}`;
      await tx.query(
        `UPDATE lora_trainings SET status = $2, process = $3, status_desc = $4, updated_at = $5 WHERE id = $1 AND status IN (1, 2) AND claimed_by = $6`,
        [row.id, status, process, desc, now, work.worker],
      );
    });
    changed += 1;
  }
  return changed;
};
