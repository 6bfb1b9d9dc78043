/**
 * The blob store on an S3-compatible bucket (issue 23), with @aws-sdk/client-s3: blobs are objects
 * under the configured prefix; downloads are pre-signed GETs; uploads are multipart uploads whose
 * parts the browser PUTs to pre-signed UploadPart URLs (their Content-Length signed in, so the
 * store itself refuses a part of the wrong size), listed with ListParts and completed by the
 * server. Chosen by BLOB_STORE_URL=s3://bucket[/prefix] (server/config.ts, ./configured.ts).
 *
 * Decisions:
 * - The SDK's flexible checksums are asked only where an operation requires them: by default it
 *   would sign a CRC32 of an empty body into every pre-signed UploadPart URL (the real part would
 *   then fail it), and stream PutObject bodies as aws-chunked with a trailer, which several
 *   S3-compatible servers do not speak.
 * - Pre-signed URLs are dated by the server's clock (`now`), so a URL asked for twice within one
 *   second is the same URL.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  type ListPartsCommandOutput,
  PutBucketCorsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import type { BlobStoreConfig } from '../config';
import { contentTypeOf, isSafeKey, type BlobStore, type MultipartUploads, type StoredPart } from './store';

export type S3StoreConfig = Extract<BlobStoreConfig, { kind: 's3' }>;

/** S3's least size of every part but the last. */
export const S3_MIN_PART_BYTES = 5 * 1024 * 1024;
/** S3's most parts in one upload. */
export const S3_MAX_PARTS = 10_000;
/** S3's longest validity of a pre-signed URL (signature version 4). */
const MAX_PRESIGN_S = 7 * 24 * 3600;

export const s3ClientOf = (config: S3StoreConfig): S3Client =>
  new S3Client({
    region: config.region,
    ...(config.endpoint === null ? {} : { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId !== null && config.secretAccessKey !== null
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

/** The store answered that there is no such object (or upload). */
const isMissing = (err: unknown): boolean => {
  if (typeof err !== 'object' || err === null) return false;
  const name = (err as { name?: unknown }).name;
  const status = (err as { $metadata?: { httpStatusCode?: unknown } }).$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || name === 'NoSuchUpload' || status === 404;
};

const expiresInS = (now: number, expiresAt: number): number =>
  Math.max(1, Math.min(MAX_PRESIGN_S, Math.ceil((expiresAt - now) / 1000)));

const asReadable = (body: unknown): Readable => {
  if (body instanceof Readable) return body;
  throw new Error('the S3 client answered a body that is not a Node stream');
};

export interface S3BlobStore extends BlobStore {
  readonly multipart: MultipartUploads;
  readonly client: S3Client;
  readonly bucket: string;
  /** The object key of a blob key (the prefix in front). */
  objectKey(key: string): string;
}

/** Every part of a multipart upload, page by page (ListParts answers 1000 at most), in part order. */
const listAllParts = async (
  client: S3Client,
  Bucket: string,
  Key: string,
  uploadId: string,
): Promise<StoredPart[]> => {
  const parts: StoredPart[] = [];
  let marker: string | undefined;
  for (;;) {
    let r: ListPartsCommandOutput;
    try {
      r = await client.send(
        new ListPartsCommand({
          Bucket,
          Key,
          UploadId: uploadId,
          ...(marker === undefined ? {} : { PartNumberMarker: marker }),
        }),
      );
    } catch (err) {
      // An upload the store no longer knows (completed or aborted) holds no parts.
      if (isMissing(err)) return [];
      throw err;
    }
    for (const p of r.Parts ?? [])
      if (p.PartNumber !== undefined && p.Size !== undefined && p.ETag !== undefined)
        parts.push({ partNumber: p.PartNumber, size: p.Size, etag: p.ETag });
    if (!r.IsTruncated || r.NextPartNumberMarker === undefined) break;
    marker = r.NextPartNumberMarker;
  }
  return parts.sort((a, b) => a.partNumber - b.partNumber);
};

/** Multipart uploads the browser PUTs parts of through pre-signed UploadPart URLs. */
const s3Multipart = (
  client: S3Client,
  Bucket: string,
  objectKey: (key: string) => string,
): MultipartUploads => ({
  minPartBytes: S3_MIN_PART_BYTES,
  start: async (key, contentType) => {
    const r = await client.send(
      new CreateMultipartUploadCommand({ Bucket, Key: objectKey(key), ContentType: contentType }),
    );
    if (!r.UploadId) throw new Error('the store started a multipart upload without an id');
    return r.UploadId;
  },
  partUrl: (key, uploadId, partNumber, size, { now, expiresAt }, contentMd5) =>
    getSignedUrl(
      client,
      new UploadPartCommand({
        Bucket,
        Key: objectKey(key),
        UploadId: uploadId,
        PartNumber: partNumber,
        ContentLength: size,
        ...(contentMd5 === undefined ? {} : { ContentMD5: contentMd5 }),
      }),
      { expiresIn: expiresInS(now, expiresAt), signingDate: new Date(now) },
    ),
  partOf: (url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    const uploadId = parsed.searchParams.get('uploadId');
    const part = parsed.searchParams.get('partNumber') ?? '';
    if (uploadId === null || uploadId === '' || !/^\d{1,5}$/.test(part)) return null;
    const partNumber = Number(part);
    return partNumber >= 1 && partNumber <= S3_MAX_PARTS ? { uploadId, partNumber } : null;
  },
  listParts: (key, uploadId) => listAllParts(client, Bucket, objectKey(key), uploadId),
  complete: async (key, uploadId, parts) => {
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key: objectKey(key),
        UploadId: uploadId,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
      }),
    );
  },
  abort: async (key, uploadId) => {
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: objectKey(key), UploadId: uploadId }));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  },
});

export const s3BlobStore = (config: S3StoreConfig, client: S3Client = s3ClientOf(config)): S3BlobStore => {
  const Bucket = config.bucket;
  const objectKey = (key: string): string => {
    if (!isSafeKey(key)) throw new Error(`unsafe blob key ${key}`);
    return config.prefix === '' ? key : `${config.prefix}/${key}`;
  };

  const multipart = s3Multipart(client, Bucket, objectKey);

  return {
    client,
    bucket: Bucket,
    objectKey,
    multipart,
    put: async (key, bytes) => {
      await client.send(
        new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentType: contentTypeOf(key) }),
      );
    },
    get: async (key) => {
      if (!isSafeKey(key)) return null;
      try {
        const r = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!r.Body) return null;
        return Buffer.from(await r.Body.transformToByteArray());
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    urlOf: (key) => `/blobs/${key}`,
    stat: async (key) => {
      if (!isSafeKey(key)) return null;
      try {
        const r = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { size: r.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    read: async (key, range) => {
      if (!isSafeKey(key)) return null;
      try {
        const r = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return r.Body ? asReadable(r.Body) : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    remove: async (key) => {
      if (!isSafeKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    signedGet: (key, { now, expiresAt, disposition, contentType }) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: objectKey(key),
          ResponseContentType: contentType ?? contentTypeOf(key),
          ...(disposition === undefined ? {} : { ResponseContentDisposition: disposition }),
        }),
        { expiresIn: expiresInS(now, expiresAt), signingDate: new Date(now) },
      ),
  };
};

/**
 * The bucket's CORS rules for the web client's origins: browsers PUT upload parts (with their
 * Content-Type and Content-MD5, which the store checks the part against) and GET downloads in
 * Range chunks (reading Content-Range) straight from the store. Pre-signed URLs carry their own
 * authorisation and no cookie, so the rules grant nothing else.
 */
export const putBucketCors = async (store: S3BlobStore, origins: readonly string[]): Promise<void> => {
  await store.client.send(
    new PutBucketCorsCommand({
      Bucket: store.bucket,
      CORSConfiguration: {
        CORSRules: [
          {
            AllowedOrigins: [...origins],
            AllowedMethods: ['GET', 'HEAD', 'PUT'],
            AllowedHeaders: ['content-type', 'content-md5', 'range'],
            ExposeHeaders: ['ETag', 'Content-Length', 'Content-Range', 'Accept-Ranges'],
            MaxAgeSeconds: 3600,
          },
        ],
      },
    }),
  );
};
