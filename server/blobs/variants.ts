/**
 * Image variants (issue 22 "images at the size shown, in a modern format"): for an original served
 * at `/blobs/<key>`, the `width` x `format` variant (a width of the domain's ladder, AVIF or WebP)
 * is made with sharp on its first request and kept in the blob store beside the originals, under a
 * key derived from the original's content hash (`variants/<hash>/<width>.<format>`), so it is made
 * once per image: concurrent requests share one making (a promise per key), and later requests
 * and restarts find it stored.
 *
 * `GET /img/<width>/<format>/<key>` (what the client builds from the original's address, see
 * `domain/images`) answers 302 to `GET /img/v/<hash>/<width>.<format>`, the variant's immutable
 * address. The original is read through the server's own `/blobs/` routes, so covers, avatars and
 * character portraits rendered on first request have variants too. A width off the ladder, an
 * unknown format, a missing original or one that cannot be decoded each answer a clear error,
 * never a 500. Only the blob store's interface is used: an S3 store can replace the disk.
 */
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { FastifyInstance, FastifyReply } from 'fastify';
import sharp from 'sharp';
import * as images from '../../domain/images/index.js';
import type { ServerContext } from '../context';
import { CODES, failure } from '../envelope';
import { isSafeKey, type BlobStore } from './store';

/** The largest original a variant is made of (a decompression bomb is refused, not decoded). */
export const MAX_VARIANT_INPUT_PIXELS = 8192 * 8192;

/** How long a browser keeps the stable address's answer (the redirect to the hashed one). */
const REDIRECT_MAX_AGE_S = 24 * 60 * 60;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const HASH = /^[0-9a-f]{32}$/;

export const variantKey = (hash: string, width: images.VariantWidth, format: images.VariantFormat): string =>
  `variants/${hash}/${width}.${format}`;

/** The original's content hash as the addresses carry it (128 bits of SHA-256, hex). */
export const contentHash = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 32);

/**
 * The variants of the original at `url` (among `widths`, in every format) already made, by their immutable
 * addresses: a page the server writes may name those rather than the stable address, whose answer is a
 * redirect to them (server/feed/squareScreen.ts: one round trip fewer for the square's first covers). Read
 * from the store: the original's content hash, then each variant's presence; none while the original is
 * not stored, or for an address with a query.
 */
export const madeVariantsOf = async (
  blobs: BlobStore,
  url: string,
  widths: readonly images.VariantWidth[],
): Promise<images.MadeVariants> => {
  const original = images.originalOf(url);
  const bytes = original === null || original.query !== '' ? null : await blobs.get(original.key);
  if (bytes === null) return () => null;
  const hash = contentHash(bytes);
  const made = new Set<string>();
  await Promise.all(
    widths.flatMap((width) =>
      images.VARIANT_FORMATS.map(async (format) => {
        if ((await blobs.stat(variantKey(hash, width, format))) !== null) made.add(`${width}.${format}`);
      }),
    ),
  );
  return (width, format) =>
    made.has(`${width}.${format}`) ? images.hashedVariantPath(hash, width, format) : null;
};

/** Why a variant cannot be had: its HTTP status, code and message. */
class VariantRefused extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Encodes the variant: the first frame (an animated GIF or WebP gives its first), turned upright
 * by its EXIF orientation, at most `width` wide (never enlarged), in `format`.
 */
export const encodeVariant = async (
  original: Buffer,
  width: images.VariantWidth,
  format: images.VariantFormat,
): Promise<Buffer> => {
  const img = sharp(original, { limitInputPixels: MAX_VARIANT_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  // Effort is kept low: a variant is made while its first viewer waits.
  return format === 'avif'
    ? img.avif({ quality: 55, effort: 2 }).toBuffer()
    : img.webp({ quality: 78, effort: 4 }).toBuffer();
};

/**
 * How many variants are encoded at once. One: encoding is the costliest thing the server does for
 * a page view (an AVIF of a cover takes a core for a while), and the API answers must not wait
 * behind a first visitor's screenful of pictures; each variant is made once, so the queue drains.
 */
const ENCODERS = 1;

/** Runs jobs at most `limit` at a time, in the order they came. */
export const limiter = (limit: number) => {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <A>(job: () => Promise<A>): Promise<A> => {
    // A finished job hands its slot straight to the next in line, so none can slip in between.
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
};

export const variantRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  /** The variants being made, by blob key: a second request for one waits for the first's. */
  const making = new Map<string, Promise<void>>();
  const encoding = limiter(ENCODERS);

  /**
   * The original's bytes, read through the server's own route (rendered there on first request;
   * what a guest may not see stays unseen). As a stream: the injected response's whole-body string,
   * which nothing here reads, cost more than the variant's lookup.
   */
  const readOriginal = async (key: string): Promise<Buffer> => {
    const res = await app.inject({
      method: 'GET',
      url: `${images.ORIGINAL_ROOT}${key}`,
      payloadAsStream: true,
    });
    // Read whole in every case: a refusal's body is drained too.
    const body = await buffer(res.stream());
    if (res.statusCode === 404) throw new VariantRefused(404, CODES.notFound, 'no such image');
    if (res.statusCode !== 200) throw new VariantRefused(502, CODES.notFound, 'the original cannot be read');
    if (!String(res.headers['content-type'] ?? '').startsWith('image/'))
      throw new VariantRefused(415, CODES.invalidRequest, 'the original is not an image');
    return body;
  };

  const ensureVariant = (
    original: Buffer,
    key: string,
    width: images.VariantWidth,
    format: images.VariantFormat,
  ): Promise<void> => {
    const pending = making.get(key);
    if (pending) return pending;
    const made = (async () => {
      if (await ctx.blobs.get(key)) return;
      let bytes: Buffer;
      try {
        bytes = await encoding(() => encodeVariant(original, width, format));
      } catch {
        throw new VariantRefused(422, CODES.invalidRequest, 'the original image cannot be decoded');
      }
      await ctx.blobs.put(key, bytes);
    })().finally(() => making.delete(key));
    making.set(key, made);
    return made;
  };

  const refuse = (reply: FastifyReply, err: unknown) => {
    if (err instanceof VariantRefused)
      return reply
        .status(err.httpStatus)
        .header('cache-control', 'no-store')
        .send(failure(err.code, err.message));
    throw err;
  };

  app.get<{ Params: { width: string; format: string; '*': string } }>(
    `${images.VARIANT_ROOT}:width/:format/*`,
    async (req, reply) => {
      const width = Number(req.params.width);
      const { format } = req.params;
      const key = req.params['*'];
      if (!/^\d{1,5}$/.test(req.params.width) || !images.isVariantWidth(width))
        return reply
          .status(400)
          .send(failure(CODES.invalidRequest, `width must be one of ${images.VARIANT_WIDTHS.join(', ')}`));
      if (!images.isVariantFormat(format))
        return reply
          .status(400)
          .send(failure(CODES.invalidRequest, `format must be one of ${images.VARIANT_FORMATS.join(', ')}`));
      if (!isSafeKey(key) || !images.isVariantSourceKey(key))
        return reply.status(404).send(failure(CODES.notFound, 'no such image'));
      try {
        const original = await readOriginal(key);
        const hash = contentHash(original);
        await ensureVariant(original, variantKey(hash, width, format), width, format);
        return reply
          .status(302)
          .header('location', images.hashedVariantPath(hash, width, format))
          .header('cache-control', `public, max-age=${REDIRECT_MAX_AGE_S}`)
          .send();
      } catch (err) {
        return refuse(reply, err);
      }
    },
  );

  app.get<{ Params: { hash: string; file: string } }>(
    `${images.VARIANT_ROOT}${images.HASHED_SEGMENT}/:hash/:file`,
    async (req, reply) => {
      const m = /^(\d{1,5})\.([a-z]+)$/.exec(req.params.file);
      const width = Number(m?.[1]);
      const format = m?.[2];
      if (
        !m ||
        !HASH.test(req.params.hash) ||
        !images.isVariantWidth(width) ||
        !images.isVariantFormat(format)
      )
        return reply.status(404).send(failure(CODES.notFound, 'no such image'));
      const bytes = await ctx.blobs.get(variantKey(req.params.hash, width, format));
      if (!bytes) return reply.status(404).send(failure(CODES.notFound, 'no such image'));
      return reply
        .header('content-type', images.VARIANT_MIME[format])
        .header('cache-control', IMMUTABLE)
        .send(bytes);
    },
  );
};
