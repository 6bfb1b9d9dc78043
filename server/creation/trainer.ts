/**
 * The simulated LoRA trainer: advances running trainings on the task runner's tick and, at
 * the end, writes the result (see ./training.ts for the API and the decisions).
 */
import { TRAIN_STATUS, type TrainModelCard } from '../../infrastructure/contract/creation';
import type { BlobStore } from '../blobs/store';
import type { Database } from '../db/database';
import { imageStats } from '../engines/analysis';
import { EngineError, fitWithin } from '../engines/bitmap';
import { renderImage } from '../engines/image';
import { hashString, prng } from '../engines/random';
import { encodeSafetensors } from '../engines/safetensors';
import { refund } from '../ledger';
import { loadImage } from './inputs';

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

export const slug = (name: string): string => {
  const s = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24);
  return s === '' ? 'lora' : s;
};

/** The trained file: rank-4 LoRA matrices seeded by the data set's colour statistics. */
const trainedFile = async (
  blobs: BlobStore,
  row: TrainingRow,
): Promise<{ bytes: Buffer; loss: number[] }> => {
  const keys = json<string[]>(row.image_keys);
  const stats = [];
  for (const key of keys.slice(0, 12)) stats.push(imageStats(fitWithin(await loadImage(blobs, key), 96)));
  const rand = prng(
    hashString(`${row.id}:${stats.map((s) => s.meanRgb.map(Math.round).join(',')).join(';')}`),
  );
  const rank = 4;
  const dim = 64;
  const tensors: Record<string, { shape: number[]; data: Float32Array }> = {};
  for (const layer of [
    'unet.down.0.attn.to_q',
    'unet.mid.attn.to_k',
    'unet.up.1.attn.to_v',
    'text_encoder.layer.11.mlp',
  ]) {
    const down = new Float32Array(rank * dim);
    const up = new Float32Array(dim * rank);
    for (let i = 0; i < down.length; i++) {
      const s = stats[i % stats.length]!;
      down[i] = (rand() - 0.5) * 0.02 + (s.meanRgb[i % 3]! / 255 - 0.5) * 0.01;
    }
    for (let i = 0; i < up.length; i++)
      up[i] = (rand() - 0.5) * 0.002 * (1 + stats[i % stats.length]!.saturation);
    tensors[`lora_${layer}.lora_down.weight`] = { shape: [rank, dim], data: down };
    tensors[`lora_${layer}.lora_up.weight`] = { shape: [dim, rank], data: up };
    tensors[`lora_${layer}.alpha`] = { shape: [], data: Float32Array.of(rank) };
  }
  const loss = Array.from(
    { length: 20 },
    (_, i) => Math.round((0.02 + 0.14 * Math.exp(-i / 5) + (rand() - 0.5) * 0.01) * 10000) / 10000,
  );
  const bytes = encodeSafetensors(tensors, {
    ss_output_name: slug(row.name),
    ss_base_model_version: row.base_model,
    ss_training_steps: String(row.steps),
    ss_num_train_images: String(keys.length),
    ss_tag_frequency: JSON.stringify({ [row.trigger_word]: keys.length }),
    modelspec_title: row.name,
    modelspec_trigger_phrase: row.trigger_word,
  });
  return { bytes, loss };
};

const produceResult = async (blobs: BlobStore, row: TrainingRow): Promise<StoredResult> => {
  const { bytes, loss } = await trainedFile(blobs, row);
  const fileName = `${slug(row.name)}.safetensors`;
  const key = `trainings/${row.id}/${fileName}`;
  await blobs.put(key, bytes);
  const samples = [];
  for (let i = 0; i < 2; i++) {
    const img = renderImage({
      prompt: `${row.trigger_word}, ${row.train_type}, ${row.name}`,
      seed: hashString(row.id) + i,
      aspectRatio: '1:1',
      longSide: 384,
    });
    const sampleKey = `trainings/${row.id}/sample-${i}.png`;
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
export const advanceTrainings = async (db: Database, blobs: BlobStore, now: number): Promise<number> => {
  const rows = await db.query<TrainingRow>(
    'SELECT * FROM lora_trainings WHERE status IN (1, 2) ORDER BY created_at LIMIT 20',
  );
  let changed = 0;
  for (const row of rows) {
    const fraction = (now - Number(row.created_at)) / row.duration_ms;
    let failure: string | null =
      row.name.includes(TRAIN_FAIL_MARKER) && fraction >= 0.5 ? 'the trainer failed' : null;
    let result: StoredResult | null = null;
    if (failure === null && fraction >= 1) {
      try {
        result = await produceResult(blobs, row);
      } catch (err) {
        failure = `the trainer failed: ${err instanceof EngineError ? err.message : 'internal error'}`;
        if (!(err instanceof EngineError)) console.error('training failed', row.id, err);
      }
    }
    await db.transaction(async (tx) => {
      if (failure !== null) {
        const updated = await tx.query(
          `UPDATE lora_trainings SET status = 4, status_desc = $2, updated_at = $3, finished_at = $3 WHERE id = $1 AND status IN (1, 2) RETURNING id`,
          [row.id, failure, now],
        );
        if (updated.length > 0 && row.cost > 0)
          await refund(tx, row.account_id, row.id, 'training refund', now);
        return;
      }
      if (result !== null) {
        await tx.query(
          `UPDATE lora_trainings SET status = 3, process = 100, status_desc = 'done', result = $2::jsonb, updated_at = $3, finished_at = $3 WHERE id = $1 AND status IN (1, 2)`,
          [row.id, JSON.stringify(result), now],
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
        `UPDATE lora_trainings SET status = $2, process = $3, status_desc = $4, updated_at = $5 WHERE id = $1 AND status IN (1, 2)`,
        [row.id, status, process, desc, now],
      );
    });
    changed += 1;
  }
  return changed;
};
