/**
 * Opening an upload (spec §7 upload config, image pre-sign, audio pre-config): the row, its chunk
 * size (raised to the store's least part size where chunks go straight to the store) and one
 * signed URL per chunk: the server's own chunk route, or the store's UploadPart URLs.
 */
import type {
  AudioPreConfigRequest,
  UploadConfigRequest,
  UploadConfigResponse,
  UploadPreSignRequest,
  UploadPreSignResponse,
} from '../../infrastructure/contract/uploads';
import {
  AUDIO_CHUNK_BYTES,
  CHUNK_BYTES,
  DEFAULT_UPLOAD_CATEGORY,
  GUEST_CHUNK_BYTES,
  MAX_AUDIO_BYTES,
  MAX_FILE_BYTES,
  MAX_IMAGE_BYTES,
} from '../../infrastructure/contract/uploads';
import { newId, type Caller } from '../auth';
import { ApiError, CODES } from '../envelope';
import { UPLOAD_CODES } from './codes';
import {
  chunkSizeFor,
  expectedChunkSize,
  ownerOf,
  safeFileName,
  UPLOAD_TTL_MS,
  type Owner,
  type UploadEnv,
  type UploadKind,
} from './rows';
import { chunkUrl } from './signing';

/** The row of a new upload and its signed chunk URLs. */
export const create = async (
  env: UploadEnv,
  owner: Owner,
  kind: UploadKind,
  f: {
    file_name: string;
    content_type: string;
    file_size: number;
    category: number;
    hash_val: string | null;
  },
  requestedChunk: number,
  now: number,
) => {
  const store = env.store;
  const fileId = newId(16);
  // A store's parts but the last are at least its least part size.
  const chunkSize =
    store !== null && f.file_size > requestedChunk
      ? Math.max(requestedChunk, store.minPartBytes)
      : requestedChunk;
  const count = Math.max(1, Math.ceil(f.file_size / chunkSize));
  const expiresAt = now + UPLOAD_TTL_MS;
  const key = `uploads/${fileId}/${safeFileName(f.file_name, f.content_type)}`;
  const url = kind === 'image' ? env.blobs.urlOf(key) : null;
  const multipartId = store === null ? null : await store.start(key, f.content_type);
  await env.db.query(
    `INSERT INTO uploads (file_id, account_id, device_id, kind, file_name, content_type, file_size, category, hash_val,
       chunk_size, chunk_count, status, created_at, expires_at, multipart_id, blob_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending', $12, $13, $14, $15)`,
    [
      fileId,
      owner.accountId,
      owner.deviceId,
      kind,
      f.file_name,
      f.content_type,
      f.file_size,
      f.category,
      f.hash_val?.toLowerCase() ?? null,
      chunkSize,
      count,
      now,
      expiresAt,
      multipartId,
      multipartId === null ? null : key,
    ],
  );
  const sizes = { chunk_size: chunkSize, file_size: f.file_size };
  const preSigns =
    store === null || multipartId === null
      ? Array.from({ length: count }, (_, i) => chunkUrl(env.secret, fileId, i, expiresAt))
      : await Promise.all(
          Array.from({ length: count }, (_, i) =>
            store.partUrl(key, multipartId, i + 1, expectedChunkSize(sizes, i), { now, expiresAt }),
          ),
        );
  return { fileId, expiresAt, url, chunkSize, preSigns, signChunks: multipartId !== null };
};

type Made = Awaited<ReturnType<typeof create>>;

/** What the config calls answer: the chunk URLs of a new upload. */
const configAnswer = (made: Made): UploadConfigResponse => ({
  file_id: made.fileId,
  pre_signs: made.preSigns,
  chunk_size: made.chunkSize,
  status: 0,
  expires_at: made.expiresAt,
  sign_chunks: made.signChunks,
});

export const config = async (
  env: UploadEnv,
  caller: Caller,
  req: UploadConfigRequest,
  now: number,
): Promise<UploadConfigResponse> => {
  const owner = ownerOf(caller);
  if (req.file_size > MAX_FILE_BYTES)
    throw new ApiError(UPLOAD_CODES.tooLarge, `a file may not exceed ${MAX_FILE_BYTES} bytes`);
  const chunk = chunkSizeFor(req.chunk_size, owner.accountId === null ? GUEST_CHUNK_BYTES : CHUNK_BYTES);
  const made = await create(
    env,
    owner,
    'file',
    {
      file_name: req.file_name,
      content_type: req.content_type,
      file_size: req.file_size,
      category: req.category ?? DEFAULT_UPLOAD_CATEGORY,
      hash_val: req.hash_val ?? null,
    },
    chunk,
    now,
  );
  return configAnswer(made);
};

export const preSign = async (
  env: UploadEnv,
  caller: Caller,
  req: UploadPreSignRequest,
  now: number,
): Promise<UploadPreSignResponse> => {
  const owner = ownerOf(caller);
  if (!req.content_type.toLowerCase().startsWith('image/'))
    throw new ApiError(CODES.invalidRequest, 'pre-sign is for images; use the config call for other files');
  if (req.file_size > MAX_IMAGE_BYTES)
    throw new ApiError(UPLOAD_CODES.tooLarge, `an image may not exceed ${MAX_IMAGE_BYTES} bytes`);
  const made = await create(
    env,
    owner,
    'image',
    {
      file_name: req.file_name,
      content_type: req.content_type,
      file_size: req.file_size,
      category: req.category ?? DEFAULT_UPLOAD_CATEGORY,
      hash_val: req.hash_val ?? null,
    },
    Math.max(1, req.file_size),
    now,
  );
  const [preSign] = made.preSigns;
  if (preSign === undefined || made.url === null) throw new Error('an image upload has one signed URL');
  return {
    file_id: made.fileId,
    pre_sign: preSign,
    img_url: made.url,
    expires_at: made.expiresAt,
    sign_chunks: made.signChunks,
  };
};

export const audioPreConfig = async (
  env: UploadEnv,
  caller: Caller,
  req: AudioPreConfigRequest,
  now: number,
): Promise<UploadConfigResponse> => {
  const owner = ownerOf(caller);
  const type = req.content_type.toLowerCase();
  if (!(type.startsWith('audio/') || type === 'application/ogg' || type === 'video/webm'))
    throw new ApiError(CODES.invalidRequest, 'content_type must be an audio type');
  if (req.file_size > MAX_AUDIO_BYTES)
    throw new ApiError(UPLOAD_CODES.tooLarge, `audio may not exceed ${MAX_AUDIO_BYTES} bytes`);
  const chunk = chunkSizeFor(req.chunk_size, AUDIO_CHUNK_BYTES);
  const made = await create(
    env,
    owner,
    'audio',
    {
      file_name: req.file_name,
      content_type: req.content_type,
      file_size: req.file_size,
      category: DEFAULT_UPLOAD_CATEGORY,
      hash_val: req.hash_val ?? null,
    },
    chunk,
    now,
  );
  return configAnswer(made);
};
