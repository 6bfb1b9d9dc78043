/**
 * Demo data of the detail pages, over the community seed, deterministic per item id and
 * idempotent (it runs once: the presence of any comment means it ran, all in one transaction):
 * - how each still work and video was made (`extra.meta`: prompt, negative prompt, sampler,
 *   steps, CFG scale, seed, size; `extra.model_id`: one of twenty seeded models, so those models
 *   have sample images);
 * - zero to six comments on works, models, posts, videos and audio (some have none);
 * - official tags (`show_area`) and a few tags the demo account collects.
 */
import { Params } from '../db/sql';
import { SAMPLER_NAMES } from '../tasks/options';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { sizeFor } from '../engines/image';
import { hashString, prng } from '../engines/random';
import { DEMO_ACCOUNT } from '../seed';
import { SEED_AUTHOR_IDS } from './community';

/** The kinds whose detail shows how they were made (and offers a remix). */
export const GENERATED_KINDS = ['artwork', 'portfolio', 'lookBook', 'aiVideo'] as const;
const COMMENTED_KINDS = ['artwork', 'portfolio', 'lookBook', 'aiVideo', 'aiAudio', 'model', 'post'];

/** The models works are made with: mdl-002 .. mdl-021 (mdl-001 belongs to the demo account). */
export const SAMPLE_MODEL_IDS = Array.from({ length: 20 }, (_, i) => `mdl-${String(i + 2).padStart(3, '0')}`);

export const OFFICIAL_TAGS: Readonly<Record<string, string>> = {
  'tag-landscape': 'explore',
  'tag-portrait': 'explore',
  'tag-anime': 'explore',
  'tag-cyberpunk': 'explore',
  'tag-fantasy': 'explore',
  'tag-cinematic': 'explore',
  'tag-music': 'create',
  'tag-tutorial': 'create',
};

export const DEMO_COLLECTED_TAGS = ['tag-anime', 'tag-watercolor', 'tag-night-city'];

const STYLE_WORDS = ['highly detailed', 'soft light', 'film grain', 'volumetric fog', 'rim light', '35mm'];
const NEGATIVE = ['blurry, low quality', 'text, watermark', 'extra fingers, deformed', 'oversaturated'];
const COMMENTS = [
  'Love the light in this one!',
  'How many steps did you use?',
  'The colours are unreal.',
  'Saving this for inspiration.',
  'That composition works so well.',
  'Would love to see a version at night.',
  'Remixed it, thanks for sharing the prompt.',
  'This deserves more likes.',
  'The details in the background are great.',
  'Which sampler gives this texture?',
  'Followed, your work keeps getting better.',
  'Perfect mood for a rainy day.',
];

export interface SeedMeta {
  readonly prompt: string;
  readonly negative_prompt: string;
  readonly sampler_name: string;
  readonly steps: number;
  readonly cfg_scale: number;
  readonly seed: number;
  readonly aspect_ratio: string;
  readonly width: number;
  readonly height: number;
}

/** The generation record of one seeded work: a function of its id, prompt and aspect ratio only. */
export const seedMetaOf = (
  id: string,
  coverPrompt: string,
  aspect: string,
): { meta: SeedMeta; modelId: string } => {
  const rand = prng(hashString(`meta:${id}`));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const { width, height } = sizeFor(aspect, 1024);
  const meta: SeedMeta = {
    prompt: `${coverPrompt}, ${pick(STYLE_WORDS)}, ${pick(STYLE_WORDS)}`,
    negative_prompt: pick(NEGATIVE),
    sampler_name: pick(SAMPLER_NAMES),
    steps: 20 + Math.floor(rand() * 5) * 5,
    cfg_scale: 4 + Math.floor(rand() * 11) / 2,
    seed: Math.floor(rand() * 2 ** 31),
    aspect_ratio: aspect,
    width,
    height,
  };
  return { meta, modelId: pick(SAMPLE_MODEL_IDS) };
};

const HOUR_MS = 3600 * 1000;

export const seedDetails = async (ctx: ServerContext): Promise<void> => {
  const [done] = await ctx.db.query('SELECT 1 FROM comments LIMIT 1');
  if (done) return;
  const now = ctx.clock.now();
  const kinds = new Params();
  const items = await ctx.db.query<{
    id: string;
    kind: string;
    cover_prompt: string;
    cover_aspect: string;
    created_at: string | number;
  }>(
    `SELECT id, kind, cover_prompt, cover_aspect, created_at FROM content_items
      WHERE kind IN ${kinds.list(COMMENTED_KINDS)} ORDER BY id`,
    kinds.values,
  );
  if (items.length === 0) return;
  const [demo] = await ctx.db.query('SELECT 1 FROM accounts WHERE id = $1', [DEMO_ACCOUNT.id]);
  await ctx.db.transaction(async (tx: Queryable) => {
    for (const it of items) {
      if (!(GENERATED_KINDS as readonly string[]).includes(it.kind)) continue;
      const { meta, modelId } = seedMetaOf(it.id, it.cover_prompt, it.cover_aspect);
      await tx.query(`UPDATE content_items SET extra = extra || $2::jsonb WHERE id = $1`, [
        it.id,
        JSON.stringify({ meta, model_id: modelId }),
      ]);
    }
    const rows: unknown[][] = [];
    for (const it of items) {
      const rand = prng(hashString(`comments:${it.id}`));
      const count = Math.floor(rand() * 7);
      for (let k = 0; k < count; k++) {
        const author = SEED_AUTHOR_IDS[Math.floor(rand() * SEED_AUTHOR_IDS.length)]!;
        const text = COMMENTS[Math.floor(rand() * COMMENTS.length)]!;
        const at = Math.min(Number(it.created_at) + (k + 1) * 7 * HOUR_MS, now - (count - k) * 60_000);
        rows.push([`cm-${it.id}-${k + 1}`, it.id, author, text, at]);
      }
    }
    for (let i = 0; i < rows.length; i += 100) {
      const chunk = rows.slice(i, i + 100);
      const values: unknown[] = [];
      const tuples = chunk.map((r) => `(${r.map((v) => `$${values.push(v)}`).join(', ')})`);
      await tx.query(
        `INSERT INTO comments (id, item_id, author_id, content, created_at) VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING`,
        values,
      );
    }
    for (const [tag, area] of Object.entries(OFFICIAL_TAGS))
      await tx.query('UPDATE tags SET show_area = $2 WHERE id = $1', [tag, area]);
    if (demo)
      for (const [i, tag] of DEMO_COLLECTED_TAGS.entries())
        await tx.query(
          'INSERT INTO tag_collects (account_id, tag_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
          [DEMO_ACCOUNT.id, tag, now - (i + 1) * 24 * HOUR_MS],
        );
  });
};
