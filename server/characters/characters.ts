/**
 * Characters: rows, their contract shape, and covers rendered by the image engine on the first GET
 * (seeding stores only the cover prompt, so it stays fast; the rendered PNG is kept in the blob
 * store afterwards, at 256 px on the long side).
 */
import type { FastifyInstance } from 'fastify';
import type { Character, CharacterType, Gender } from '../../infrastructure/contract/characters';
import type { Voice } from '../../infrastructure/contract/streaming';
import { resolveCaller } from '../auth';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { CODES, failure } from '../envelope';
import { sizeFor } from '../engines/image';
import { asBuffer, runEngine } from '../engines/pool';
import { hashString } from '../engines/random';
import type { Persona } from './persona';

export const COVER_ASPECT = '3:4';
export const COVER_LONG_SIDE = 256;
const SAFE_ID = /^[A-Za-z0-9_-]{1,80}$/;

export interface CharacterRow extends Record<string, unknown> {
  id: string;
  owner_id: string | null;
  owner_name: string | null;
  name: string;
  intro: string;
  greeting: string;
  character_type: number;
  init_mem_num: number;
  support_voice: boolean;
  is_official_agent: boolean;
  voice: string;
  cover_prompt: string;
  cover_url: string | null;
  gender: string;
  is_public: boolean;
  corpus: string;
  created_at: string | number;
  updated_at: string | number;
}

export const CHARACTER_SELECT = `SELECT c.id, c.owner_id, a.name AS owner_name, c.name, c.intro, c.greeting, c.character_type,
  c.init_mem_num, c.support_voice, c.is_official_agent, c.voice, c.cover_prompt, c.cover_url, c.gender, c.is_public, c.corpus, c.created_at, c.updated_at
  FROM characters c LEFT JOIN accounts a ON a.id = c.owner_id`;

const coverPromptOf = (name: string, coverPrompt: string): string =>
  coverPrompt.trim() !== '' ? coverPrompt : `portrait of ${name}`;

/** A version of the cover: changes with its prompt, so a changed cover gets a new URL and blob. */
const coverVersion = (name: string, coverPrompt: string): string =>
  hashString(coverPromptOf(name, coverPrompt)).toString(36);

export const coverKey = (id: string, version: string): string => `studio/characters/${id}/${version}.png`;

const asType = (n: number): CharacterType => (n === 1 || n === 2 || n === 3 ? n : 0);
const asVoice = (v: string): Voice => (v === 'male' ? 'male' : 'female');
const asGender = (g: string): Gender => (g === 'male' || g === 'other' ? g : 'female');

/**
 * The SQL condition (on alias `c`) for the characters `callerId` may see: public ones and their own.
 * `param` is the placeholder holding the caller's id (null for a guest).
 */
export const visibleTo = (param: string): string => `(c.is_public OR c.owner_id = ${param})`;

export const toCharacter = (row: CharacterRow, callerId: string | null): Character => {
  const { width, height } = sizeFor(COVER_ASPECT, COVER_LONG_SIDE);
  return {
    id: row.id,
    name: row.name,
    intro: row.intro,
    greeting: row.greeting,
    character_type: asType(row.character_type),
    // An uploaded cover is shown as uploaded (its own size is not kept: the card crops it to 3:4).
    cover: {
      url:
        row.cover_url ??
        `/blobs/studio/characters/${row.id}.png?v=${coverVersion(row.name, row.cover_prompt)}`,
      width,
      height,
    },
    init_mem_num: row.init_mem_num as Character['init_mem_num'],
    support_voice: row.support_voice,
    is_official_agent: row.is_official_agent,
    voice: asVoice(row.voice),
    gender: asGender(row.gender),
    is_public: row.is_public,
    author: row.owner_id === null ? null : { id: row.owner_id, name: row.owner_name ?? '' },
    is_mine: callerId !== null && row.owner_id === callerId,
    create_at: Number(row.created_at) as Character['create_at'],
    update_at: Number(row.updated_at) as Character['update_at'],
  };
};

export const toPersona = (row: CharacterRow): Persona => ({
  id: row.id,
  name: row.name,
  characterType: row.character_type,
  intro: row.intro,
  greeting: row.greeting,
  corpus: row.corpus,
  initMemNum: row.init_mem_num,
});

export const findCharacter = async (db: Queryable, id: string): Promise<CharacterRow | null> => {
  const rows = await db.query<CharacterRow>(`${CHARACTER_SELECT} WHERE c.id = $1`, [id]);
  return rows[0] ?? null;
};

/**
 * The cover of `id`, rendered and stored if it is not yet; null when there is no such character,
 * or when `mayView` refuses it (asked before anything is rendered).
 */
export const ensureCharacterCover = async (
  ctx: ServerContext,
  id: string,
  mayView: (character: { readonly owner_id: string | null; readonly is_public: boolean }) => Promise<boolean>,
): Promise<Buffer | null> => {
  if (!SAFE_ID.test(id)) return null;
  const [row] = await ctx.db.query<{
    name: string;
    cover_prompt: string;
    owner_id: string | null;
    is_public: boolean;
  }>('SELECT name, cover_prompt, owner_id, is_public FROM characters WHERE id = $1', [id]);
  if (!row || !(await mayView(row))) return null;
  const key = coverKey(id, coverVersion(row.name, row.cover_prompt));
  const stored = await ctx.blobs.get(key);
  if (stored) return stored;
  const prompt = coverPromptOf(row.name, row.cover_prompt);
  const png = asBuffer(
    (
      await runEngine('image', {
        prompt,
        seed: hashString(`character:${id}`),
        aspectRatio: COVER_ASPECT,
        longSide: COVER_LONG_SIDE,
      })
    ).png,
  );
  await ctx.blobs.put(key, png);
  return png;
};

export const characterCoverRoute = (app: FastifyInstance, ctx: ServerContext): void => {
  app.get<{ Params: { file: string } }>('/blobs/studio/characters/:file', async (req, reply) => {
    const m = /^(.+)\.png$/.exec(req.params.file);
    let shared = true;
    // A private character's cover is drawn from its private name and prompt: its owner's only
    // (the browser sends cookie T with the image request), and never kept in a shared cache.
    const bytes = m?.[1]
      ? await ensureCharacterCover(ctx, m[1], async (c) => {
          shared = c.is_public;
          if (c.is_public) return true;
          const caller = await resolveCaller(ctx.db, req, ctx.clock.now());
          return caller.accountId !== null && caller.accountId === c.owner_id;
        })
      : null;
    if (!m || !bytes) return reply.status(404).send(failure(CODES.notFound, 'no such file'));
    // The URL carries the cover's version (?v=), but the path alone names the current cover.
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', shared ? 'public, max-age=60' : 'private, max-age=60')
      .send(bytes);
  });
};
