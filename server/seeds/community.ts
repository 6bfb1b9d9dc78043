/**
 * Community demo data, idempotent and fast: 20 password-less demo authors (a random scrypt
 * hash nobody can match), 40 tags, 515 items across every tab (artworks, portfolios, lookbooks,
 * videos, audio, models of every type and base family, characters of types 0..3, posts with
 * rich-text bodies, design templates, apps, workflows, LoRA templates, e-books), created over
 * the last 60 days (more of them recent) with varied like, collect, play and run counts.
 * The demo account owns a few works, follows a few authors, is followed by others, has
 * collections in two folders and some notices.
 *
 * Everything is deterministic (one seeded PRNG) and inserted in one transaction, so the
 * presence of the last item means the whole seed is there. Covers are not rendered here: each
 * item stores its cover prompt and size, and the PNG is rendered on its first GET (covers.ts).
 */
import { randomBytes } from 'node:crypto';
import {
  BASE_MODELS,
  MODEL_TYPES,
  OBJ_TYPE_OF_CARD,
  type CardType,
} from '../../infrastructure/contract/feed';
import { avatarKey, type ItemExtra } from '../feed/items';
import { notify } from '../messages/notices';
import { sanitizeHtml, htmlToText } from '../moderation/sanitize';
import { DAY_MS, Params } from '../db/sql';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { sizeFor } from '../engines/image';
import { hashString, prng } from '../engines/random';
import { DEMO_ACCOUNT } from '../seed';

const AUTHOR_NAMES = [
  'Mira Sol',
  'Kenji Arata',
  'Lena Voss',
  'Theo Marsh',
  'Ayla Demir',
  'Ravi Kapoor',
  'Noor Haddad',
  'Juno Park',
  'Elio Ferri',
  'Sana Okafor',
  'Ivy Lindqvist',
  'Mateo Cruz',
  'Yuki Tanaka',
  'Clara Dubois',
  'Omar Rahim',
  'Freya Nilsen',
  'Leo Brandt',
  'Maya Chen',
  'Ines Duarte',
  'Kai Moreau',
] as const;

export const SEED_AUTHOR_IDS = AUTHOR_NAMES.map((_, i) => `author-${String(i + 1).padStart(2, '0')}`);

const TAGS = [
  'landscape',
  'portrait',
  'anime',
  'cyberpunk',
  'fantasy',
  'sci-fi',
  'watercolor',
  'oil painting',
  'pixel art',
  'minimal',
  'neon',
  'ocean',
  'forest',
  'sunset',
  'night city',
  'architecture',
  'character design',
  'concept art',
  'photoreal',
  'cute',
  'dark',
  'dreamy',
  'retro',
  'ink',
  'sketch',
  'isometric',
  'cinematic',
  'music',
  'ambient',
  'voice',
  'workflow',
  'upscale',
  'poster',
  'typography',
  'story',
  'romance',
  'mystery',
  'tutorial',
  'lora',
  'flux',
];
const tagId = (name: string) => `tag-${name.replace(/\s+/g, '-')}`;

const ADJECTIVES = [
  'Quiet',
  'Golden',
  'Neon',
  'Misty',
  'Crimson',
  'Silver',
  'Wild',
  'Lonely',
  'Electric',
  'Velvet',
  'Frozen',
  'Hidden',
  'Ancient',
  'Drifting',
  'Bright',
];
const NOUNS = [
  'Harbour',
  'Forest',
  'Sunset',
  'Ocean',
  'Garden',
  'Galaxy',
  'Desert',
  'City',
  'Blossom',
  'Dragon',
  'Cloud',
  'Lantern',
  'Mountain',
  'River',
  'Tower',
];

interface KindPlan {
  readonly kind: CardType;
  readonly prefix: string;
  readonly count: number;
  readonly aspects: readonly string[];
  readonly tags: readonly string[];
  readonly label: string;
}

const PLANS: readonly KindPlan[] = [
  {
    kind: 'artwork',
    prefix: 'art',
    count: 90,
    aspects: ['1:1', '3:4', '2:3', '9:16', '4:3', '16:9'],
    tags: TAGS.slice(0, 27),
    label: '',
  },
  {
    kind: 'portfolio',
    prefix: 'pf',
    count: 20,
    aspects: ['3:4', '4:3', '1:1'],
    tags: TAGS.slice(0, 20),
    label: 'Portfolio',
  },
  {
    kind: 'lookBook',
    prefix: 'lb',
    count: 20,
    aspects: ['2:3', '3:4'],
    tags: ['portrait', 'photoreal', 'retro', 'minimal', 'cute', 'dreamy'],
    label: 'Lookbook',
  },
  {
    kind: 'aiVideo',
    prefix: 'vid',
    count: 50,
    aspects: ['16:9', '9:16'],
    tags: ['cinematic', 'anime', 'ocean', 'night city', 'fantasy', 'sci-fi'],
    label: 'Clip',
  },
  {
    kind: 'aiAudio',
    prefix: 'aud',
    count: 40,
    aspects: ['1:1'],
    tags: ['music', 'ambient', 'voice', 'retro', 'dreamy'],
    label: 'Voice',
  },
  {
    kind: 'model',
    prefix: 'mdl',
    count: 70,
    aspects: ['3:4', '2:3'],
    tags: ['anime', 'photoreal', 'lora', 'flux', 'fantasy', 'portrait', 'landscape'],
    label: '',
  },
  {
    kind: 'character',
    prefix: 'chr',
    count: 40,
    aspects: ['3:4'],
    tags: ['character design', 'anime', 'romance', 'mystery', 'fantasy', 'cute'],
    label: '',
  },
  {
    kind: 'post',
    prefix: 'pst',
    count: 50,
    aspects: ['4:3'],
    tags: ['tutorial', 'workflow', 'lora', 'flux', 'concept art', 'story'],
    label: '',
  },
  {
    kind: 'paletteTemplate',
    prefix: 'dt',
    count: 30,
    aspects: ['3:4', '1:1'],
    tags: ['poster', 'typography', 'minimal', 'retro'],
    label: 'Template',
  },
  {
    kind: 'aiapp',
    prefix: 'app',
    count: 30,
    aspects: ['1:1', '4:3'],
    tags: ['portrait', 'anime', 'upscale', 'cute', 'photoreal'],
    label: 'App',
  },
  {
    kind: 'workflow',
    prefix: 'wf',
    count: 30,
    aspects: ['4:3'],
    tags: ['workflow', 'upscale', 'flux', 'cinematic'],
    label: 'Workflow',
  },
  {
    kind: 'lora_train',
    prefix: 'lora',
    count: 25,
    aspects: ['1:1'],
    tags: ['lora', 'anime', 'portrait', 'flux'],
    label: 'LoRA template',
  },
  {
    kind: 'ebook',
    prefix: 'ebk',
    count: 20,
    aspects: ['2:3'],
    tags: ['story', 'romance', 'mystery', 'fantasy', 'sci-fi'],
    label: 'Chronicles',
  },
  // Added after the first release of the seed: appended, so the items above keep their draws.
  {
    kind: 'comfyUIApp',
    prefix: 'capp',
    count: 12,
    aspects: ['1:1', '4:3'],
    tags: ['workflow', 'upscale', 'portrait', 'cinematic'],
    label: 'ComfyUI app',
  },
];

/** The prefix of the model each seeded LoRA training produced (`mdl-lora-001` for `lora-001`). */
const TRAINED_MODEL_PREFIX = 'mdl-lora';

const LORA_PLAN = PLANS.find((p) => p.kind === 'lora_train')!;
/** The id of the item inserted last: its presence means the whole (transactional) seed is in. */
const LAST_ID = `${TRAINED_MODEL_PREFIX}-${String(LORA_PLAN.count).padStart(3, '0')}`;
/**
 * The last item of the seed's first release (before ComfyUI apps and the models the LoRA
 * trainings produced): a data directory that has it but not `LAST_ID` gets only the new items.
 */
const FIRST_RELEASE_LAST_ID = 'ebk-020';

/** Items the demo account owns (so its notices and tag editing have something to point at). */
const DEMO_OWNED = new Set(['art-001', 'art-002', 'art-003', 'mdl-001', 'pst-001']);

const SUB_CHANNELS = ['tutorial', 'showcase', 'news', 'discussion'];
const NODE_TYPES = ['image', 'video', 'audio', 'upscale'];
const LORA_BASES = ['SD 1.x', 'SDXL', 'Flux', 'Pony', 'Illustrious'];
const CHARACTER_ROLES = ['Companion', 'Tutor', 'Guide', 'Agent'];

interface SeedItem {
  readonly id: string;
  readonly kind: CardType;
  readonly authorId: string;
  readonly title: string;
  readonly description: string;
  readonly body: string | null;
  readonly coverPrompt: string;
  readonly aspect: string;
  readonly longSide: number;
  readonly artworkType: number | null;
  readonly modelType: string | null;
  readonly baseModel: string | null;
  readonly characterType: number | null;
  readonly subChannel: string | null;
  readonly nodesType: string | null;
  readonly runAvailable: boolean | null;
  readonly extra: ItemExtra;
  readonly likes: number;
  readonly collections: number;
  readonly plays: number;
  readonly tasks: number;
  readonly boost: number;
  readonly createdAt: number;
  readonly tags: readonly string[];
}

const postBody = (title: string, rand: () => number, pick: <T>(xs: readonly T[]) => T): string => {
  const steps = Array.from(
    { length: 3 + Math.floor(rand() * 3) },
    (_, i) =>
      `<li>Step ${i + 1}: ${pick(['pick a base model', 'write the prompt', 'set the aspect ratio', 'upscale the best seed', 'add a LoRA at 0.7', 'compare two samplers'])}</li>`,
  );
  const raw = [
    `<h2>${title}</h2>`,
    `<p>This is how I made <strong>${title.toLowerCase()}</strong> with the square's tools, and what I would do <em>differently</em> next time.</p>`,
    `<ol>${steps.join('')}</ol>`,
    `<blockquote>Tip: keep the prompt short and let the model do the rest.</blockquote>`,
    `<p style="text-align: center">Browse more on the <a href="/model">model square</a> or read the <a href="https://example.com/guide">full guide</a>.</p>`,
  ].join('');
  return sanitizeHtml(raw);
};

const ARTWORK_TYPES: Partial<Record<CardType, number>> = {
  artwork: 1,
  portfolio: 4,
  lookBook: 5,
  aiVideo: 7,
};

/** The deterministic seed items, relative to `now`. */
export const seedItems = (now: number): SeedItem[] => {
  const rand = prng(hashString('atelier-community-seed-v1'));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const items: SeedItem[] = [];
  for (const plan of PLANS) {
    for (let n = 1; n <= plan.count; n++) {
      const id = `${plan.prefix}-${String(n).padStart(3, '0')}`;
      const adjective = pick(ADJECTIVES);
      const noun = pick(NOUNS);
      const idx = n - 1;
      let title = `${adjective} ${noun}${plan.label ? ` ${plan.label}` : ''}`;
      let modelType: string | null = null;
      let baseModel: string | null = null;
      let characterType: number | null = null;
      let subChannel: string | null = null;
      let nodesType: string | null = null;
      let runAvailable: boolean | null = null;
      let body: string | null = null;
      const extra: { -readonly [K in keyof ItemExtra]: ItemExtra[K] } = {};
      switch (plan.kind) {
        case 'model': {
          modelType = MODEL_TYPES[idx % MODEL_TYPES.length]!;
          baseModel = BASE_MODELS[idx % BASE_MODELS.length]!;
          title = `${adjective} ${noun} ${modelType}`;
          const versions = 1 + Math.floor(rand() * 3);
          extra.versions = Array.from({ length: versions }, (_, v) => ({
            id: `${id}-v${v + 1}`,
            name: `v${v + 1}.0`,
            base_model: baseModel!,
          }));
          extra.trigger_words = [noun.toLowerCase(), `${adjective.toLowerCase()} style`];
          break;
        }
        case 'lora_train':
          baseModel = LORA_BASES[idx % LORA_BASES.length]!;
          extra.trained_model_id = `${TRAINED_MODEL_PREFIX}-${String(n).padStart(3, '0')}`;
          break;
        case 'character':
          characterType = idx % 4;
          title = `${noun} ${CHARACTER_ROLES[characterType]!}`;
          extra.support_voice = rand() < 0.5;
          extra.num_of_token = Math.floor(rand() * 2_000_000);
          break;
        case 'post':
          subChannel = SUB_CHANNELS[idx % SUB_CHANNELS.length]!;
          title = `${pick(['How I painted', 'Notes on', 'Making of', 'Ten tips for', 'Why I love'])} ${adjective.toLowerCase()} ${noun.toLowerCase()}s`;
          body = postBody(title, rand, pick);
          extra.summary = htmlToText(body.replace(/<h2>.*?<\/h2>/, '')).slice(0, 140);
          break;
        case 'workflow':
          nodesType = NODE_TYPES[idx % NODE_TYPES.length]!;
          runAvailable = idx % 3 !== 2;
          break;
        case 'aiVideo':
          extra.video_type = 1 + (idx % 2);
          extra.duration = 4 + Math.floor(rand() * 13);
          break;
        case 'aiAudio':
          extra.duration = 10 + Math.floor(rand() * 170);
          break;
        case 'ebook':
          extra.chapters = 3 + Math.floor(rand() * 38);
          break;
        default:
          break;
      }
      const popularity = Math.pow(rand(), 3);
      const likes = Math.floor(popularity * 5000);
      const tagCount = 1 + Math.floor(rand() * 3);
      const tags = new Set<string>();
      while (tags.size < Math.min(tagCount, plan.tags.length)) tags.add(pick(plan.tags));
      items.push({
        id,
        kind: plan.kind,
        authorId: DEMO_OWNED.has(id)
          ? DEMO_ACCOUNT.id
          : SEED_AUTHOR_IDS[Math.floor(rand() * SEED_AUTHOR_IDS.length)]!,
        title,
        description: `${title}: ${pick(['made on a rainy evening', 'a study in light', 'first try with a new model', 'remixed from the square', "for this week's campaign"])}.`,
        body,
        coverPrompt: `${title} ${noun.toLowerCase()} ${pick(['at sunset', 'by the sea', 'in the forest', 'under neon light', 'in the snow', 'at night'])}`,
        aspect: pick(plan.aspects),
        longSide: pick([256, 320, 384]),
        artworkType: ARTWORK_TYPES[plan.kind] ?? null,
        modelType,
        baseModel,
        characterType,
        subChannel,
        nodesType,
        runAvailable,
        extra,
        likes,
        collections: Math.floor(likes * rand() * 0.4),
        plays: plan.kind === 'aiVideo' || plan.kind === 'aiAudio' ? Math.floor(likes * (2 + rand() * 20)) : 0,
        tasks: ['aiapp', 'comfyUIApp', 'workflow', 'paletteTemplate', 'model', 'lora_train'].includes(
          plan.kind,
        )
          ? Math.floor(likes * rand() * 10)
          : 0,
        boost: rand() < 0.08 ? 500 : 0,
        createdAt: now - Math.floor(Math.pow(rand(), 1.6) * 60 * DAY_MS) - 60_000,
        tags: [...tags],
      });
    }
  }
  // Spec §2 "lora_train: a model-navigation action": each LoRA training of the square produced a
  // LoRA model, a real model page its card opens. Drawn after every plan, so no item above moves.
  for (const lora of items.filter((it) => it.kind === 'lora_train')) {
    const id = lora.extra.trained_model_id!;
    const title = `${lora.title.replace(/ LoRA template$/, '')} LORA`;
    const likes = Math.floor(Math.pow(rand(), 3) * 3000);
    items.push({
      ...lora,
      id,
      kind: 'model',
      title,
      description: `${title}: trained on the square's LoRA training with this template.`,
      coverPrompt: `${lora.coverPrompt}, lora style sample`,
      aspect: '3:4',
      modelType: 'LORA',
      extra: {
        versions: [{ id: `${id}-v1`, name: 'v1.0', base_model: lora.baseModel ?? 'SDXL' }],
        trigger_words: [title.split(' ')[1]?.toLowerCase() ?? 'lora'],
      },
      likes,
      collections: Math.floor(likes * rand() * 0.4),
      tasks: Math.floor(likes * rand() * 10),
      boost: 0,
      createdAt: lora.createdAt + 60_000,
      tags: [...new Set(['lora', ...lora.tags])],
    });
  }
  return items;
};

const insertRows = async (
  db: Queryable,
  head: string,
  rows: readonly (readonly unknown[])[],
  tail = 'ON CONFLICT DO NOTHING',
  chunk = 100,
) => {
  for (let i = 0; i < rows.length; i += chunk) {
    const p = new Params();
    const values = rows.slice(i, i + chunk).map((r) => `(${r.map((v) => p.add(v)).join(', ')})`);
    await db.query(`${head} VALUES ${values.join(', ')} ${tail}`, p.values);
  }
};

/** A well-formed scrypt hash of random bytes: no password matches it. */
const unusableHash = (): string =>
  `scrypt$${randomBytes(16).toString('base64')}$${randomBytes(32).toString('base64')}`;

export const seedCommunity = async (ctx: ServerContext): Promise<void> => {
  const [done] = await ctx.db.query('SELECT 1 FROM content_items WHERE id = $1', [LAST_ID]);
  if (done) return;
  const [firstRelease] = await ctx.db.query('SELECT 1 FROM content_items WHERE id = $1', [
    FIRST_RELEASE_LAST_ID,
  ]);
  const now = ctx.clock.now();
  const [demo] = await ctx.db.query('SELECT 1 FROM accounts WHERE id = $1', [DEMO_ACCOUNT.id]);
  const items = seedItems(now).filter((item) => demo || item.authorId !== DEMO_ACCOUNT.id);
  if (firstRelease) {
    await upgradeFirstRelease(ctx, items);
    return;
  }
  await ctx.db.transaction(async (tx) => {
    await insertRows(
      tx,
      'INSERT INTO accounts (id, email, password_hash, account_name, name, avatar, status, role, created_at)',
      AUTHOR_NAMES.map((name, i) => {
        const id = SEED_AUTHOR_IDS[i]!;
        return [
          id,
          `${id}@atelier.test`,
          unusableHash(),
          name.toLowerCase().replace(/\s+/g, '.'),
          name,
          ctx.blobs.urlOf(avatarKey(id)),
          1,
          'user',
          now - 90 * DAY_MS,
        ];
      }),
    );
    await insertRows(
      tx,
      'INSERT INTO tags (id, name, description, created_at)',
      TAGS.map((name) => [tagId(name), name, `Works about ${name}.`, now - 90 * DAY_MS]),
    );
    await insertItems(tx, items);
    if (demo) await seedDemo(tx, now);
  });
};

const itemRow = (it: SeedItem): readonly unknown[] => {
  const { width, height } = sizeFor(it.aspect, it.longSide);
  return [
    it.id,
    it.kind,
    OBJ_TYPE_OF_CARD[it.kind],
    it.authorId,
    it.title,
    it.description,
    it.body,
    it.coverPrompt,
    it.aspect,
    it.longSide,
    width,
    height,
    it.artworkType,
    it.modelType,
    it.baseModel,
    it.characterType,
    it.subChannel,
    it.nodesType,
    it.runAvailable,
    JSON.stringify(it.extra),
    it.likes,
    it.collections,
    it.plays,
    it.tasks,
    it.boost,
    it.createdAt,
  ];
};

const insertItems = async (tx: Queryable, items: readonly SeedItem[]): Promise<void> => {
  await insertRows(
    tx,
    `INSERT INTO content_items (id, kind, obj_type, author_id, title, description, body_html, cover_prompt, cover_aspect,
       cover_long_side, cover_width, cover_height, artwork_type, model_type, base_model, character_type, sub_channel,
       nodes_type, run_available, extra, num_of_like, num_of_collection, num_of_play, num_of_task, recommend_boost, created_at)`,
    items.map(itemRow),
    'ON CONFLICT DO NOTHING',
    80,
  );
  await insertRows(
    tx,
    'INSERT INTO content_tags (item_id, tag_id, position)',
    items.flatMap((it) => it.tags.map((name, position) => [it.id, tagId(name), position])),
    'ON CONFLICT DO NOTHING',
    300,
  );
};

/**
 * A data directory seeded by the first release: the items added since (ComfyUI apps, the models
 * the LoRA trainings produced) and each LoRA training's link to its model, in one transaction;
 * nothing else is touched, so likes and collections people made stay as they are.
 */
const upgradeFirstRelease = async (ctx: ServerContext, items: readonly SeedItem[]): Promise<void> => {
  const added = items.filter(
    (it) => it.kind === 'comfyUIApp' || it.id.startsWith(`${TRAINED_MODEL_PREFIX}-`),
  );
  await ctx.db.transaction(async (tx) => {
    await insertItems(tx, added);
    for (const lora of items.filter((it) => it.kind === 'lora_train'))
      await tx.query(
        `UPDATE content_items SET extra = extra || $2::jsonb WHERE id = $1 AND kind = 'lora_train'`,
        [lora.id, JSON.stringify({ trained_model_id: lora.extra.trained_model_id })],
      );
  });
};

/** The demo account's social life: follows both ways, collections in two folders, notices. */
const seedDemo = async (tx: Queryable, now: number): Promise<void> => {
  const demo = DEMO_ACCOUNT.id;
  const following = SEED_AUTHOR_IDS.slice(0, 3);
  const followers = SEED_AUTHOR_IDS.slice(3, 8);
  await insertRows(tx, 'INSERT INTO follows (follower_id, followee_id, created_at)', [
    ...following.map((a, i) => [demo, a, now - (10 - i) * DAY_MS]),
    ...followers.map((a, i) => [a, demo, now - (5 - i) * DAY_MS]),
  ]);
  await insertRows(tx, 'INSERT INTO collect_folders (id, account_id, name, is_default, created_at)', [
    ['f-demo-default', demo, 'Default', true, now - 20 * DAY_MS],
    ['f-demo-inspiration', demo, 'Inspiration', false, now - 19 * DAY_MS],
  ]);
  const collected: [string, string, string][] = [
    ['c-demo-1', 'f-demo-default', 'art-010'],
    ['c-demo-2', 'f-demo-default', 'mdl-010'],
    ['c-demo-3', 'f-demo-default', 'vid-010'],
    ['c-demo-4', 'f-demo-inspiration', 'art-020'],
    ['c-demo-5', 'f-demo-inspiration', 'pst-010'],
  ];
  await insertRows(
    tx,
    'INSERT INTO collects (id, account_id, folder_id, item_id, created_at)',
    collected.map(([id, folder, item], i) => [id, demo, folder, item, now - (15 - i) * DAY_MS]),
  );
  // Likes by followers on the demo's own works: real rows, counted in the seeded totals.
  const liked = followers.flatMap((a, i) =>
    (['art-001', 'art-002', 'mdl-001'] as const).slice(0, 1 + (i % 3)).map((item) => [a, item]),
  );
  await insertRows(
    tx,
    'INSERT INTO likes (account_id, item_id, created_at)',
    liked.map(([a, item], i) => [a, item, now - (4 - (i % 4)) * DAY_MS]),
  );
  for (const [, item] of liked)
    await tx.query('UPDATE content_items SET num_of_like = num_of_like + 1 WHERE id = $1', [item]);
  for (const [, , item] of collected)
    await tx.query('UPDATE content_items SET num_of_collection = num_of_collection + 1 WHERE id = $1', [
      item,
    ]);
  let k = 0;
  const at = () => now - ++k * 3 * 3600 * 1000;
  for (const [a, item] of liked)
    await notify(tx, {
      id: `n-seed-like-${a}-${item}`,
      recipient: demo,
      type: 'likeCol',
      action: 'like',
      actorId: a!,
      itemId: item!,
      title: 'liked your work',
      content: '',
      dedupeKey: `like:${a}:${item}`,
      now: at(),
      isRead: k > 4,
    });
  for (const a of followers)
    await notify(tx, {
      id: `n-seed-fol-${a}`,
      recipient: demo,
      type: 'fol',
      action: 'follow',
      actorId: a,
      itemId: null,
      title: 'started following you',
      content: '',
      dedupeKey: `follow:${a}`,
      now: at(),
      isRead: a === followers[0],
    });
  await notify(tx, {
    id: 'n-seed-com-1',
    recipient: demo,
    type: 'com',
    action: 'comment',
    actorId: followers[1]!,
    itemId: 'art-001',
    title: 'commented on your work',
    content: 'Love the light in this one!',
    dedupeKey: null,
    now: at(),
  });
  await notify(tx, {
    id: 'n-seed-com-2',
    recipient: demo,
    type: 'com',
    action: 'comment',
    actorId: followers[2]!,
    itemId: 'pst-001',
    title: 'commented on your post',
    content: 'Step 3 made all the difference, thanks.',
    dedupeKey: null,
    now: at(),
  });
  await notify(tx, {
    id: 'n-seed-sys-1',
    recipient: demo,
    type: 'sys',
    action: 'system',
    actorId: null,
    itemId: null,
    title: 'Welcome to Atelier',
    content: 'Browse the square, follow creators and collect what inspires you.',
    dedupeKey: null,
    now: at(),
  });
  await notify(tx, {
    id: 'n-seed-sys-2',
    recipient: demo,
    type: 'sys',
    action: 'system',
    actorId: null,
    itemId: null,
    title: 'This week: AI Video Rush',
    content: 'Post a video this week to join the campaign.',
    dedupeKey: null,
    now: at(),
    isRead: true,
  });
};
