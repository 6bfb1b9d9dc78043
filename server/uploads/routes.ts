/**
 * Upload routes (spec §4, §5, §7, §9): upload sessions, chunk signing and checks, the confirms
 * of a file, an image and an audio file, the guest's saved fields, the signed chunk PUT (raw
 * bytes streamed to disk) and the stored file's address. The logic is ./service.ts; paths and
 * codecs are in infrastructure/contract/uploads.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  AUDIO_CHUNK_CONFIRM_PATH,
  AUDIO_FILE_CONFIRM_PATH,
  AUDIO_PRE_CONFIG_PATH,
  AudioChunkConfirmRequest,
  AudioFileConfirmRequest,
  AudioPreConfigRequest,
  ChunkCheckRequest,
  ChunkSignRequest,
  FileConfirmRequest,
  GUEST_FIELDS_LIST_PATH,
  GUEST_FIELDS_SAVE_PATH,
  GuestFieldsSaveRequest,
  ImageConfirmRequest,
  UPLOAD_CHUNK_CHECK_PATH,
  UPLOAD_CHUNK_SIGN_PATH,
  UPLOAD_CONFIG_PATH,
  UPLOAD_FILE_CONFIRM_PATH,
  UPLOAD_IMAGE_CONFIRM_PATH,
  UPLOAD_PRE_SIGN_PATH,
  UploadConfigRequest,
  UploadPreSignRequest,
} from '../../infrastructure/contract/uploads';
import { requireAccount } from '../auth';
import type { ServerContext } from '../context';
import { CODES, decodeBody, failure, ok } from '../envelope';
import { CHUNK_BODY_LIMIT, INLINE_TYPES } from './rows';
import { makeUploadService } from './service';
import { loadSigningSecret } from './signing';

export const uploadRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  const now = () => ctx.clock.now();
  const secret = loadSigningSecret(ctx.config.signingSecret, ctx.config.dataDir);
  const uploads = makeUploadService(ctx.db, ctx.blobs, ctx.config.dataDir, secret);

  app.post(UPLOAD_CONFIG_PATH, async (req) =>
    ok(await uploads.config(req.caller, decodeBody(UploadConfigRequest, req.body), now())),
  );
  app.post(UPLOAD_PRE_SIGN_PATH, async (req) =>
    ok(await uploads.preSign(req.caller, decodeBody(UploadPreSignRequest, req.body), now())),
  );
  app.post(UPLOAD_CHUNK_SIGN_PATH, async (req) =>
    ok(await uploads.signChunk(req.caller, decodeBody(ChunkSignRequest, req.body), now())),
  );
  app.post(UPLOAD_CHUNK_CHECK_PATH, async (req) =>
    ok(await uploads.checkChunk(req.caller, decodeBody(ChunkCheckRequest, req.body), now())),
  );
  app.post(UPLOAD_FILE_CONFIRM_PATH, async (req) =>
    ok(await uploads.confirmFile(req.caller, decodeBody(FileConfirmRequest, req.body).file_id, now())),
  );
  app.post(UPLOAD_IMAGE_CONFIRM_PATH, async (req) =>
    ok(await uploads.confirmImage(req.caller, decodeBody(ImageConfirmRequest, req.body), now())),
  );
  app.post(AUDIO_PRE_CONFIG_PATH, async (req) =>
    ok(await uploads.audioPreConfig(req.caller, decodeBody(AudioPreConfigRequest, req.body), now())),
  );
  app.post(AUDIO_CHUNK_CONFIRM_PATH, async (req) =>
    ok(await uploads.checkChunk(req.caller, decodeBody(AudioChunkConfirmRequest, req.body), now())),
  );
  app.post(AUDIO_FILE_CONFIRM_PATH, async (req) =>
    ok(await uploads.confirmAudio(req.caller, decodeBody(AudioFileConfirmRequest, req.body).file_id, now())),
  );
  app.post(GUEST_FIELDS_SAVE_PATH, async (req) => {
    requireAccount(req.caller);
    return ok(await uploads.saveGuestFields(req.caller, decodeBody(GuestFieldsSaveRequest, req.body), now()));
  });
  app.post(GUEST_FIELDS_LIST_PATH, async (req) => ok(await uploads.listGuestFields(req.caller)));

  const headerValue = (h: string | string[] | undefined): string | undefined =>
    h === undefined ? undefined : [h].flat().join(', ');

  // The chunk PUT takes raw bytes of any content type, streamed to disk. Its parser lives in
  // its own encapsulated scope so that no other route accepts raw bodies.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    scope.put<{ Params: { fileId: string; chunk: string }; Querystring: Record<string, unknown> }>(
      '/upload/:fileId/:chunk',
      { bodyLimit: CHUNK_BODY_LIMIT },
      async (req, reply) => {
        try {
          const result = await uploads.putChunk(
            {
              fileId: req.params.fileId,
              chunk: req.params.chunk,
              exp: req.query['exp'],
              sig: req.query['sig'],
              body: req.body,
              contentLength: req.headers['content-length'],
              // Sent twice, it is two values joined: not a digest (400 InvalidDigest).
              contentMd5: headerValue(req.headers['content-md5']),
            },
            now(),
          );
          reply.header('etag', `"${result.etag}"`);
          return ok(result);
        } catch (err) {
          // A refusal before the body was read: close the connection rather than reading up to
          // 20 MiB we do not want, and so that the client never reuses a half-read socket.
          if (!req.raw.complete) reply.header('connection', 'close');
          throw err;
        }
      },
    );
  });

  app.get<{ Params: { fileId: string; name: string } }>('/uploads/:fileId/:name', async (req, reply) => {
    const file = await uploads.openStored(req.params.fileId, req.params.name, now());
    if (file === null) return reply.status(404).send(failure(CODES.notFound, 'no such file'));
    // A file in an S3-compatible store: its bytes come from the store, never through this process.
    if (file.kind === 'redirect')
      return reply
        .status(302)
        .header('location', file.url)
        .header('cache-control', 'private, max-age=300')
        .send();
    const inline = INLINE_TYPES.test(file.contentType);
    return reply
      .header('content-type', inline ? file.contentType : 'application/octet-stream')
      .header('content-length', String(file.size))
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', inline ? 'inline' : 'attachment')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.stream);
  });
};
