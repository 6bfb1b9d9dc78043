/**
 * Download routes (spec §7 download url resolver; §9 chunked downloads with Range): a signed,
 * expiring URL for one of our blobs (a pre-signed GET of the store itself when the store is
 * S3-compatible) and the signed file route it opens (./downloads.ts). Paths and shapes are in
 * infrastructure/contract/platform.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  DOWNLOAD_FILE_PREFIX,
  DOWNLOAD_QUERY,
  DOWNLOAD_URL_PATH,
  DownloadUrlRequest,
  type DownloadUrlResponse,
} from '../../infrastructure/contract/platform';
import { contentTypeOf } from '../blobs/store';
import type { ServerContext } from '../context';
import { ApiError, CODES, decodeBody, failure, ok } from '../envelope';
import { loadSigningSecret } from '../uploads/signing';
import {
  DOWNLOAD_URL_TTL_MS,
  blobKeyOf,
  contentDisposition,
  downloadUrl,
  parseRange,
  verifyDownload,
} from './downloads';

const forbidden = (msg: string) => new ApiError(CODES.forbidden, msg, 403);

export const downloadRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  const secret = loadSigningSecret(ctx.config.signingSecret, ctx.config.dataDir);
  const now = () => ctx.clock.now();

  app.post(DOWNLOAD_URL_PATH, async (req) => {
    const body = decodeBody(DownloadUrlRequest, req.body);
    const key = blobKeyOf(body.url);
    if (key === null) throw new ApiError(CODES.invalidRequest, 'not a file of ours');
    if ((await ctx.blobs.stat(key)) === null) throw new ApiError(CODES.notFound, 'no such file');
    const expiresAt = now() + DOWNLOAD_URL_TTL_MS;
    // In an S3-compatible store: a pre-signed GET of the store itself (Range works there too), so
    // the download's bytes never pass through this process; on disk: our own signed route below.
    const direct = await ctx.blobs.signedGet(key, {
      now: now(),
      expiresAt,
      disposition: contentDisposition(key),
    });
    return ok<DownloadUrlResponse>({
      url: direct ?? downloadUrl(secret, key, expiresAt),
      expires_at: expiresAt,
    });
  });

  app.get<{ Params: { '*': string }; Querystring: Record<string, string | undefined> }>(
    `${DOWNLOAD_FILE_PREFIX}*`,
    async (req, reply) => {
      const key = req.params['*'];
      const check = verifyDownload(
        secret,
        key,
        req.query[DOWNLOAD_QUERY.expires],
        req.query[DOWNLOAD_QUERY.signature],
        now(),
      );
      if (check === 'bad') throw forbidden('the download signature does not match');
      if (check === 'expired') throw forbidden('the download URL has expired');
      const bytes = await ctx.blobs.get(key);
      if (bytes === null) return reply.status(404).send(failure(CODES.notFound, 'no such file'));
      const range = parseRange(req.headers.range, bytes.length);
      reply.header('accept-ranges', 'bytes').header('cache-control', 'private, no-store');
      if (range.kind === 'unsatisfiable')
        return reply
          .status(416)
          .header('content-range', `bytes */${bytes.length}`)
          .send(failure(CODES.invalidRequest, 'range not satisfiable'));
      reply.header('content-type', contentTypeOf(key)).header('content-disposition', contentDisposition(key));
      if (range.kind === 'whole') return reply.send(bytes);
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`)
        .send(bytes.subarray(range.start, range.end + 1));
    },
  );
};
