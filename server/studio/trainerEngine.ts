/**
 * The simulated LoRA trainer's engine (run in an engine worker, server/engines/pool.ts): from the
 * data set's images to the trained file, its loss curve and two sample renders. No I/O here:
 * ./trainer.ts reads the images and stores the results.
 */
import { imageStats } from '../engines/analysis';
import { decodeImage, EngineError, fitWithin } from '../engines/bitmap';
import { renderImage, type RenderedImage } from '../engines/image';
import { hashString, prng } from '../engines/random';
import { encodeSafetensors } from '../engines/safetensors';

/** How many of the data set's images the trainer reads. */
export const TRAIN_STAT_IMAGES = 12;

export interface TrainingJob {
  readonly id: string;
  readonly name: string;
  readonly base_model: string;
  readonly steps: number;
  readonly trigger_word: string;
  readonly train_type: string;
  /** Every image of the data set (the first TRAIN_STAT_IMAGES are read). */
  readonly keys: readonly string[];
  /** The bytes of the images read (`null`: the file is gone). */
  readonly inputs: Readonly<Record<string, Uint8Array | null>>;
}

export interface TrainedFiles {
  readonly bytes: Buffer;
  readonly loss: number[];
  readonly samples: RenderedImage[];
}

export const slug = (name: string): string => {
  const s = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24);
  return s === '' ? 'lora' : s;
};

/** The trained file: rank-4 LoRA matrices seeded by the data set's colour statistics. */
export const trainFiles = async (row: TrainingJob): Promise<TrainedFiles> => {
  const keys = row.keys;
  const stats = [];
  for (const key of keys.slice(0, TRAIN_STAT_IMAGES)) {
    const bytes = row.inputs[key];
    if (!bytes) throw new EngineError('the input file is gone');
    stats.push(await imageStats(await fitWithin(await decodeImage(bytes), 96)));
  }
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
  const samples = [0, 1].map((i) =>
    renderImage({
      prompt: `${row.trigger_word}, ${row.train_type}, ${row.name}`,
      seed: hashString(row.id) + i,
      aspectRatio: '1:1',
      longSide: 384,
    }),
  );
  return { bytes, loss, samples };
};
