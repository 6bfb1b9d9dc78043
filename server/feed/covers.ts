/**
 * Covers and author avatars of the square, rendered by the image engine on the first GET and
 * kept in the blob store afterwards. Seeding 500 items stores only each cover's prompt, aspect
 * ratio and size (so the feed knows width and height at once); rendering them all up front
 * would take seconds. The routes are more specific than the app's `/blobs/*`, so they answer
 * for these keys only; a stored blob is served as is.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { dominantColour } from '../blobs/colour';
import { contentTypeOf } from '../blobs/store';
import type { ServerContext } from '../context';
import { CODES, failure } from '../envelope';
import { asBuffer, runEngine } from '../engines/pool';
import { hashString } from '../engines/random';
import { VIDEO } from '../tasks/options';
import { SONG_EMOTIONS, SONG_INSTRUMENTS, SONG_STYLES } from '../../infrastructure/contract/tasks';
import { RECOMMEND_SCORE, avatarKey, coverKey, extraOf, mediaKey } from './items';

const SAFE_ID = /^[A-Za-z0-9_-]{1,80}$/;
export const AVATAR_SIDE = 128;

const send = (reply: FastifyReply, key: string, bytes: Buffer) =>
  reply
    .header('content-type', contentTypeOf(key))
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(bytes);

/**
 * Keeps the cover's dominant colour on its item (`extra.cover_color`), which the square paints
 * where the cover will be before it loads (issue 22).
 */
export const keepCoverColour = async (ctx: ServerContext, id: string, png: Uint8Array): Promise<void> => {
  const colour = await dominantColour(png);
  if (colour !== null)
    await ctx.db.query(
      `UPDATE content_items SET extra = extra || jsonb_build_object('cover_color', $2::text) WHERE id = $1`,
      [id, colour],
    );
};

/** The cover of `id`, rendered and stored if it is not yet; null when there is no such item. */
export const ensureCover = async (ctx: ServerContext, id: string): Promise<Buffer | null> => {
  if (!SAFE_ID.test(id)) return null;
  const key = coverKey(id);
  const stored = await ctx.blobs.get(key);
  if (stored) return stored;
  const [row] = await ctx.db.query<{ cover_prompt: string; cover_aspect: string; cover_long_side: number }>(
    'SELECT cover_prompt, cover_aspect, cover_long_side FROM content_items WHERE id = $1',
    [id],
  );
  if (!row) return null;
  const png = asBuffer(
    (
      await runEngine('image', {
        prompt: row.cover_prompt,
        seed: hashString(id),
        aspectRatio: row.cover_aspect,
        longSide: row.cover_long_side,
      })
    ).png,
  );
  await ctx.blobs.put(key, png);
  await keepCoverColour(ctx, id, png);
  return png;
};

export const ensureAvatar = async (ctx: ServerContext, accountId: string): Promise<Buffer | null> => {
  if (!SAFE_ID.test(accountId)) return null;
  const key = avatarKey(accountId);
  const stored = await ctx.blobs.get(key);
  if (stored) return stored;
  const [row] = await ctx.db.query<{ name: string }>('SELECT name FROM accounts WHERE id = $1', [accountId]);
  if (!row) return null;
  const png = asBuffer(
    (
      await runEngine('image', {
        prompt: `portrait of ${row.name}`,
        seed: hashString(`avatar:${accountId}`),
        aspectRatio: '1:1',
        longSide: AVATAR_SIDE,
      })
    ).png,
  );
  await ctx.blobs.put(key, png);
  return png;
};

/** Audio works play a rendered excerpt of at most this many seconds. */
export const AUDIO_MEDIA_MAX_S = 20;

/** The length of an audio work's playable excerpt: its own, at most AUDIO_MEDIA_MAX_S, at least 2 s. */
export const audioSeconds = (row: { readonly extra: unknown }): number =>
  Math.min(AUDIO_MEDIA_MAX_S, Math.max(2, extraOf(row.extra).duration ?? AUDIO_MEDIA_MAX_S));

const pickOf = <T>(xs: readonly T[], seed: number): T => xs[seed % xs.length]!;

/**
 * The playable file of a video card (its cover's pan-and-zoom animation, a GIF) or an audio card
 * (a short song preview, a WAV), rendered and stored on first GET; null when there is no such item
 * of that kind.
 */
export const ensureMedia = async (
  ctx: ServerContext,
  id: string,
  kind: 'video' | 'audio',
): Promise<Buffer | null> => {
  if (!SAFE_ID.test(id)) return null;
  const key = mediaKey(id, kind);
  const stored = await ctx.blobs.get(key);
  if (stored) return stored;
  const [row] = await ctx.db.query<{ cover_prompt: string; extra: unknown }>(
    'SELECT cover_prompt, extra FROM content_items WHERE id = $1 AND kind = $2',
    [id, kind === 'video' ? 'aiVideo' : 'aiAudio'],
  );
  if (!row) return null;
  const seed = hashString(`media:${id}`);
  let bytes: Buffer;
  if (kind === 'video') {
    const cover = await ensureCover(ctx, id);
    if (!cover) return null;
    bytes = asBuffer(
      (
        await runEngine('animateStill', {
          png: cover,
          seed,
          longSide: VIDEO.longSide,
          frames: VIDEO.frames,
          delayCs: VIDEO.delayCs,
        })
      ).gif,
    );
  } else {
    bytes = asBuffer(
      (
        await runEngine('songWav', {
          style: pickOf(SONG_STYLES, seed),
          emotion: pickOf(SONG_EMOTIONS, seed >>> 4),
          instrument: pickOf(SONG_INSTRUMENTS, seed >>> 8),
          prompt: row.cover_prompt,
          seed,
          // As long as the detail page says (details.mediaOf).
          durationS: audioSeconds(row),
        })
      ).wav,
    );
  }
  await ctx.blobs.put(key, bytes);
  return bytes;
};

/**
 * Renders every cover not stored yet, in the recommend order (the first page a visitor sees
 * first), one at a time per lane and yielding between them, so requests are still served while it
 * runs. `npm start` calls it after listening with one lane; the test suites' data preparation,
 * which serves nothing, with one lane per engine thread. `shouldStop`, asked before each render,
 * ends it early (the server is closing). Returns how many covers it rendered.
 */
export const warmCovers = async (
  ctx: ServerContext,
  shouldStop: () => boolean,
  lanes = 1,
): Promise<number> => {
  const rows = await ctx.db.query<{ id: string; coloured: boolean }>(
    `SELECT i.id, i.extra ? 'cover_color' AS coloured FROM content_items i ORDER BY ${RECOMMEND_SCORE} DESC, i.id ASC`,
  );
  let rendered = 0;
  let next = 0;
  const lane = async () => {
    // Each row is taken by one lane (the shared cursor), in the recommend order.
    while (next < rows.length) {
      const { id, coloured } = rows[next++]!;
      const stored = await ctx.blobs.get(coverKey(id));
      if (stored) {
        // A cover rendered before its colour was kept gets it now.
        if (!coloured) await keepCoverColour(ctx, id, stored);
        continue;
      }
      if (shouldStop()) break;
      await ensureCover(ctx, id);
      rendered += 1;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
  return rendered;
};

export const coverRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  const serve =
    (ensure: (ctx: ServerContext, id: string) => Promise<Buffer | null>, keyOf: (id: string) => string) =>
    async (req: { params: { file: string } }, reply: FastifyReply) => {
      const m = /^(.+)\.png$/.exec(req.params.file);
      const bytes = m ? await ensure(ctx, m[1]!) : null;
      if (!m || !bytes) return reply.status(404).send(failure(CODES.notFound, 'no such file'));
      return send(reply, keyOf(m[1]!), bytes);
    };
  app.get<{ Params: { file: string } }>('/blobs/community/covers/:file', serve(ensureCover, coverKey));
  app.get<{ Params: { file: string } }>('/blobs/community/avatars/:file', serve(ensureAvatar, avatarKey));
  app.get<{ Params: { file: string } }>('/blobs/community/media/:file', async (req, reply) => {
    const m = /^(.+)\.(gif|wav)$/.exec(req.params.file);
    const kind = m?.[2] === 'gif' ? 'video' : 'audio';
    const bytes = m ? await ensureMedia(ctx, m[1]!, kind) : null;
    if (!m || !bytes) return reply.status(404).send(failure(CODES.notFound, 'no such file'));
    return send(reply, mediaKey(m[1]!, kind), bytes);
  });
};
