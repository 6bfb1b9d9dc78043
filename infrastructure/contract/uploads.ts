/**
 * Uploads (spec §3, §4, §5, §7, §8, §9): sign, PUT each chunk to its pre-signed URL, confirm.
 *
 * The API paths are "not shown" in the spec; we chose POST under `/api/v1/upload/...`:
 *   config (large files, chunked), pre-sign (one image, one PUT), chunk/check, file/confirm,
 *   image/confirm, audio/pre-config, audio/chunk/confirm, audio/file/confirm,
 *   guest/fields/save and guest/fields/list.
 * The signed URLs are `PUT /upload/{file_id}/{chunk}?exp={epoch ms}&sig={base64url}` on the
 * same origin (relative URLs); the signature binds the file, the chunk index and the expiry.
 * A bad, expired or foreign signature answers HTTP 403. A file bigger than its kind allows
 * answers 30003; an expired upload 30001; audio that is not audio 30010.
 *
 * Each chunk PUT carries `Content-MD5` (RFC 1864: base64 of the chunk's MD5), as S3's UploadPart
 * takes it: the store refuses bytes that do not match (HTTP 400; S3 `BadDigest`, the reference
 * server 30004), so a chunk damaged on the way is sent again, never kept. S3 refuses a
 * Content-MD5 that its pre-signed URL did not sign, so where the config answers `sign_chunks`
 * the client asks chunk/sign for each chunk's URL with its digest signed in before its PUT.
 *
 * Confirm answers `status` 0 when the file is stored; 403 when chunks are missing (listed in
 * `missing_chunks`: PUT them and confirm again); 406 when the bytes are not acceptable (the
 * total size or the sha256 `hash_val` differ, or an image/audio file is not one). Spec §5:
 * anything but 0 is a failure.
 */
import * as t from 'io-ts';

export const UPLOAD_CONFIG_PATH = '/api/v1/upload/config';
export const UPLOAD_PRE_SIGN_PATH = '/api/v1/upload/pre-sign';
export const UPLOAD_CHUNK_CHECK_PATH = '/api/v1/upload/chunk/check';
export const UPLOAD_CHUNK_SIGN_PATH = '/api/v1/upload/chunk/sign';
export const UPLOAD_FILE_CONFIRM_PATH = '/api/v1/upload/file/confirm';
export const UPLOAD_IMAGE_CONFIRM_PATH = '/api/v1/upload/image/confirm';
export const AUDIO_PRE_CONFIG_PATH = '/api/v1/upload/audio/pre-config';
export const AUDIO_CHUNK_CONFIRM_PATH = '/api/v1/upload/audio/chunk/confirm';
export const AUDIO_FILE_CONFIRM_PATH = '/api/v1/upload/audio/file/confirm';
export const GUEST_FIELDS_SAVE_PATH = '/api/v1/upload/guest/fields/save';
export const GUEST_FIELDS_LIST_PATH = '/api/v1/upload/guest/fields/list';

/** The pre-signed chunk URL, relative to the API origin. */
export const CHUNK_PUT_PREFIX = '/upload/';
export const chunkPutPath = (fileId: string, chunk: number): string =>
  `${CHUNK_PUT_PREFIX}${fileId}/${chunk}`;

/** Spec §9 limits. MiB/GiB are binary, MB decimal. */
export const MAX_FILE_BYTES = 1024 * 1024 * 1024;
export const MAX_AUDIO_BYTES = 100 * 1000 * 1000;
export const MAX_IMAGE_BYTES = 30 * 1000 * 1000;
export const CHUNK_BYTES = 20 * 1024 * 1024;
/** Spec §9: the guest-upload path (and audio) use 5 MB chunks. */
export const GUEST_CHUNK_BYTES = 5 * 1000 * 1000;
export const AUDIO_CHUNK_BYTES = GUEST_CHUNK_BYTES;
/** The smallest chunk a client may ask for (slow links, tests). */
export const MIN_CHUNK_BYTES = 256 * 1024;
export const DEFAULT_UPLOAD_CATEGORY = 9;

/** Spec §8 upload codes. */
export const UPLOAD_TIMEOUT_CODE = 30001;
export const UPLOAD_TOO_LARGE_CODE = 30003;
/** A chunk whose bytes do not match the Content-MD5 it was sent with (S3's BadDigest): send it again. */
export const UPLOAD_BAD_DIGEST_CODE = 30004;
export const AUDIO_UPLOAD_ERROR_CODE = 30010;

/** Confirm statuses (spec §4/§5). */
export const UPLOAD_STATUS_DONE = 0;
export const UPLOAD_STATUS_INCOMPLETE = 403;
export const UPLOAD_STATUS_NOT_ACCEPTABLE = 406;

interface ByteSizeBrand {
  readonly ByteSize: unique symbol;
}
/** A whole, non-negative byte count (the kind's maximum is checked by the server: 30003). */
export const ByteSize = t.brand(
  t.number,
  (n): n is t.Branded<number, ByteSizeBrand> => Number.isSafeInteger(n) && n >= 0,
  'ByteSize',
);
export type ByteSize = t.TypeOf<typeof ByteSize>;

interface FileNameBrand {
  readonly FileName: unique symbol;
}
const isPlainNameChar = (c: string): boolean => {
  const code = c.charCodeAt(0);
  return code >= 0x20 && code !== 0x7f && c !== '/' && c !== '\\';
};
/** 1..255 characters, no control characters and no path separators. */
export const FileName = t.brand(
  t.string,
  (s): s is t.Branded<string, FileNameBrand> =>
    s.trim().length > 0 && s.length <= 255 && [...s].every(isPlainNameChar),
  'FileName',
);
export type FileName = t.TypeOf<typeof FileName>;

interface ContentTypeBrand {
  readonly ContentType: unique symbol;
}
/** A MIME type `type/subtype`, parameters not allowed. */
export const ContentType = t.brand(
  t.string,
  (s): s is t.Branded<string, ContentTypeBrand> =>
    /^[A-Za-z0-9][\w.+-]{0,63}\/[A-Za-z0-9][\w.+-]{0,127}$/.test(s),
  'ContentType',
);
export type ContentType = t.TypeOf<typeof ContentType>;

interface CategoryBrand {
  readonly Category: unique symbol;
}
export const Category = t.brand(
  t.number,
  (n): n is t.Branded<number, CategoryBrand> => Number.isInteger(n) && n >= 0 && n <= 999,
  'Category',
);
export type Category = t.TypeOf<typeof Category>;

interface HashValBrand {
  readonly HashVal: unique symbol;
}
/** The sha256 of the whole file, 64 hex digits. */
export const HashVal = t.brand(
  t.string,
  (s): s is t.Branded<string, HashValBrand> => /^[0-9a-fA-F]{64}$/.test(s),
  'HashVal',
);
export type HashVal = t.TypeOf<typeof HashVal>;

interface FileIdBrand {
  readonly FileId: unique symbol;
}
export const FileId = t.brand(
  t.string,
  (s): s is t.Branded<string, FileIdBrand> => /^[A-Za-z0-9_-]{8,64}$/.test(s),
  'FileId',
);
export type FileId = t.TypeOf<typeof FileId>;

/** Spec §7 config call; `chunk_size` may ask for smaller chunks than the default, never larger. */
export const UploadConfigRequest = t.intersection(
  [
    t.type({ file_size: ByteSize, file_name: FileName, content_type: ContentType }),
    t.partial({ category: Category, hash_val: HashVal, chunk_size: ByteSize }),
  ],
  'UploadConfigRequest',
);
export type UploadConfigRequest = t.TypeOf<typeof UploadConfigRequest>;

/**
 * Spec §3 upload config: one signed PUT URL per chunk, in chunk order. `sign_chunks` (absent:
 * false): each chunk's URL must be asked again with its Content-MD5 (chunk/sign) before its PUT.
 */
export const UploadConfigResponse = t.intersection(
  [
    t.type({
      file_id: t.string,
      pre_signs: t.array(t.string),
      chunk_size: t.number,
      status: t.number,
      expires_at: t.number,
    }),
    t.partial({ sign_chunks: t.boolean }),
  ],
  'UploadConfigResponse',
);
export type UploadConfigResponse = t.TypeOf<typeof UploadConfigResponse>;

/** Spec §7 pre-sign call (one image, one PUT). */
export const UploadPreSignRequest = t.intersection(
  [
    t.type({ content_type: ContentType, file_name: FileName, file_size: ByteSize }),
    t.partial({ category: Category, hash_val: HashVal }),
  ],
  'UploadPreSignRequest',
);
export type UploadPreSignRequest = t.TypeOf<typeof UploadPreSignRequest>;

/** `img_url` is where the image will be served once confirmed; `sign_chunks` as for config. */
export const UploadPreSignResponse = t.intersection(
  [
    t.type({ file_id: t.string, pre_sign: t.string, img_url: t.string, expires_at: t.number }),
    t.partial({ sign_chunks: t.boolean }),
  ],
  'UploadPreSignResponse',
);
export type UploadPreSignResponse = t.TypeOf<typeof UploadPreSignResponse>;

/** What a chunk PUT answers (also in the `etag` header: the chunk's sha256). */
export const ChunkPutResponse = t.type(
  { file_id: t.string, chunk_index: t.number, size: t.number, etag: t.string },
  'ChunkPutResponse',
);
export type ChunkPutResponse = t.TypeOf<typeof ChunkPutResponse>;

/** Spec §7 chunk check (and audio chunk confirm): did the chunk of this signed URL arrive? */
export const ChunkCheckRequest = t.type({ file_id: FileId, pre_sign_url: t.string }, 'ChunkCheckRequest');
export type ChunkCheckRequest = t.TypeOf<typeof ChunkCheckRequest>;

interface ContentMd5Brand {
  readonly ContentMd5: unique symbol;
}
/** RFC 1864 Content-MD5: the base64 of an MD5 digest's 16 bytes (24 characters, `==` at the end). */
export const ContentMd5 = t.brand(
  t.string,
  (s): s is t.Branded<string, ContentMd5Brand> => /^[A-Za-z0-9+/]{21}[AQgw]==$/.test(s),
  'ContentMd5',
);
export type ContentMd5 = t.TypeOf<typeof ContentMd5>;

/** Where `sign_chunks` is set: the URL to PUT one chunk to with this Content-MD5 (signed into it). */
export const ChunkSignRequest = t.type(
  { file_id: FileId, pre_sign_url: t.string, content_md5: ContentMd5 },
  'ChunkSignRequest',
);
export type ChunkSignRequest = t.TypeOf<typeof ChunkSignRequest>;

export const ChunkSignResponse = t.type(
  { file_id: t.string, chunk_index: t.number, url: t.string },
  'ChunkSignResponse',
);
export type ChunkSignResponse = t.TypeOf<typeof ChunkSignResponse>;

export const ChunkCheckResponse = t.type(
  { file_id: t.string, chunk_index: t.number, received: t.boolean, size: t.union([t.number, t.null]) },
  'ChunkCheckResponse',
);
export type ChunkCheckResponse = t.TypeOf<typeof ChunkCheckResponse>;

export const FileConfirmRequest = t.type({ file_id: FileId }, 'FileConfirmRequest');
export type FileConfirmRequest = t.TypeOf<typeof FileConfirmRequest>;

export const FileConfirmResponse = t.type(
  {
    status: t.number,
    file_id: t.string,
    url: t.union([t.string, t.null]),
    size: t.number,
    missing_chunks: t.array(t.number),
  },
  'FileConfirmResponse',
);
export type FileConfirmResponse = t.TypeOf<typeof FileConfirmResponse>;

export const ImageConfirmRequest = t.intersection(
  [t.type({ file_id: FileId }), t.partial({ category: Category, sub_category: Category })],
  'ImageConfirmRequest',
);
export type ImageConfirmRequest = t.TypeOf<typeof ImageConfirmRequest>;

/** Spec §3 upload file: url, width, height, category. */
export const ImageConfirmResponse = t.type(
  {
    status: t.number,
    file_id: t.string,
    url: t.union([t.string, t.null]),
    width: t.union([t.number, t.null]),
    height: t.union([t.number, t.null]),
    category: t.number,
    missing_chunks: t.array(t.number),
  },
  'ImageConfirmResponse',
);
export type ImageConfirmResponse = t.TypeOf<typeof ImageConfirmResponse>;

export const AudioPreConfigRequest = t.intersection(
  [
    t.type({ file_size: ByteSize, file_name: FileName, content_type: ContentType }),
    t.partial({ hash_val: HashVal, chunk_size: ByteSize }),
  ],
  'AudioPreConfigRequest',
);
export type AudioPreConfigRequest = t.TypeOf<typeof AudioPreConfigRequest>;

export const AudioPreConfigResponse = UploadConfigResponse;
export type AudioPreConfigResponse = UploadConfigResponse;

export const AudioChunkConfirmRequest = ChunkCheckRequest;
export type AudioChunkConfirmRequest = ChunkCheckRequest;

export const AudioFileConfirmRequest = FileConfirmRequest;
export type AudioFileConfirmRequest = FileConfirmRequest;

/** What the server read from the audio header; duration and rate are null where it cannot tell. */
export const AudioInfo = t.type(
  {
    format: t.string,
    duration: t.union([t.number, t.null]),
    sample_rate: t.union([t.number, t.null]),
    channels: t.union([t.number, t.null]),
  },
  'AudioInfo',
);
export type AudioInfo = t.TypeOf<typeof AudioInfo>;

export const UploadObjInfo = t.type(
  { file_id: t.string, url: t.string, file_name: t.string, content_type: t.string, size: t.number },
  'UploadObjInfo',
);
export type UploadObjInfo = t.TypeOf<typeof UploadObjInfo>;

/** Spec §3 audio upload. `audio_info` and `upload_obj_info` are null unless status is 0. */
export const AudioFileConfirmResponse = t.type(
  {
    status: t.number,
    file_id: t.string,
    url: t.union([t.string, t.null]),
    missing_chunks: t.array(t.number),
    audio_info: t.union([AudioInfo, t.null]),
    upload_obj_info: t.union([UploadObjInfo, t.null]),
  },
  'AudioFileConfirmResponse',
);
export type AudioFileConfirmResponse = t.TypeOf<typeof AudioFileConfirmResponse>;

interface FieldNameBrand {
  readonly FieldName: unique symbol;
}
/** The uploader slot the files were kept for, e.g. 'cover' or 'referenceImage'. */
export const FieldName = t.brand(
  t.string,
  (s): s is t.Branded<string, FieldNameBrand> => /^[A-Za-z0-9_.-]{1,64}$/.test(s),
  'FieldName',
);
export type FieldName = t.TypeOf<typeof FieldName>;

/** Spec §3: guest uploads are per-field lists of url/width/height/category. */
export const GuestFieldItem = t.type(
  {
    field: FieldName,
    url: t.string,
    width: t.union([t.number, t.null]),
    height: t.union([t.number, t.null]),
    category: Category,
  },
  'GuestFieldItem',
);
export type GuestFieldItem = t.TypeOf<typeof GuestFieldItem>;

interface GuestItemsBrand {
  readonly GuestItems: unique symbol;
}
export const GuestFieldsSaveRequest = t.type(
  {
    items: t.brand(
      t.array(GuestFieldItem),
      (a): a is t.Branded<GuestFieldItem[], GuestItemsBrand> => a.length >= 1 && a.length <= 100,
      'GuestItems',
    ),
  },
  'GuestFieldsSaveRequest',
);
export type GuestFieldsSaveRequest = t.TypeOf<typeof GuestFieldsSaveRequest>;

/** One saved item as the server reports it; width and height are the server's when it read them. */
export const GuestFieldSaved = t.type(
  {
    field: t.string,
    url: t.string,
    width: t.union([t.number, t.null]),
    height: t.union([t.number, t.null]),
    category: t.number,
  },
  'GuestFieldSaved',
);
export type GuestFieldSaved = t.TypeOf<typeof GuestFieldSaved>;

/** The account's saved items by field, oldest first (the save answers the same shape). */
export const GuestFieldsResponse = t.type(
  { fields: t.record(t.string, t.array(GuestFieldSaved)) },
  'GuestFieldsResponse',
);
export type GuestFieldsResponse = t.TypeOf<typeof GuestFieldsResponse>;
