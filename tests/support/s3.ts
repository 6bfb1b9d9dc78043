/**
 * A local S3-compatible server for one test file: s3rver on a random loopback port over a fresh
 * directory, and a bucket made through the SDK, as a deployment would.
 *
 * s3rver 3.7 lacks four things of S3 that the store relies on; they are added here in front of
 * its routes (everything else is s3rver's own):
 * - ListParts (GET ?uploadId) and AbortMultipartUpload (DELETE ?uploadId), over the parts s3rver
 *   keeps on disk;
 * - checking a pre-signed request's signature (version 4, query form) and its expiry, as S3 does:
 *   s3rver accepts any. With it a part PUT whose Content-Length is not the signed one is refused
 *   (403 SignatureDoesNotMatch), as S3 refuses it; and so is one that carries a Content-MD5 (or an
 *   x-amz-* header) its URL did not sign (403 AccessDenied, "headers present in the request which
 *   were not signed"), as S3 refuses it;
 * - checking a PUT's Content-MD5 against its bytes, as S3 does (s3rver ignores the header): a
 *   mismatch is 400 BadDigest and a malformed one 400 InvalidDigest, and nothing is stored.
 * And one of its parts is replaced: a part PUT is answered once the part is on disk whole (see
 * `putPartWhole`).
 */
import { createHash, createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3BlobStore, type S3BlobStore, type S3StoreConfig } from '../../server/blobs/s3';

// The SDK warns once per process that its 2027 releases will want Node 22; the tests run on 20.
process.env['AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED'] ??= 'true';

/**
 * s3rver 3.7's part PUT resolves when its bytes have gone through its hash (the Transform's
 * 'finish'), not when the file holding them is written, and answers then: a ListParts right after
 * the answer could find the part with fewer bytes than were sent, and the client, whose chunk check
 * asks for the part's size, rightly sent the chunk again (s3-store's flip test, in one CI run of
 * several, saw part 1 PUT twice). S3 lists a part whole once its PUT has answered; so does this:
 * the part is answered after its file is written, then its `<n>.md5`, as s3rver does.
 */
const putPartWhole =
  (store: S3rver['store']): S3rver['store']['putPart'] =>
  async (bucket, uploadId, partNumber, content) => {
    const file = path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId, String(partNumber));
    await mkdir(path.dirname(file), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    await pipeline(content, counting, createWriteStream(file));
    const digest = md5.digest('hex');
    await writeFile(`${file}.md5`, digest);
    return { size, md5: digest };
  };

/** s3rver's one account. */
const KEY_ID = 'S3RVER';
const SECRET = 'S3RVER';

export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  /** What the added checks answered (null: passed on to s3rver). */
  readonly refused: string | null;
}

export interface LocalS3 {
  readonly endpoint: string;
  readonly bucket: string;
  /** The store configuration a server is given (BLOB_STORE_URL=s3://bucket and S3_*). */
  readonly config: S3StoreConfig;
  /** A store over the bucket, for the test's own reads and writes. */
  readonly store: S3BlobStore;
  /** Every request the server received, in order. */
  readonly seen: readonly SeenRequest[];
  readonly stop: () => Promise<void>;
}

const rfc3986 = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();

const xmlError = (code: string, message: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/** `20261128T030250Z` as epoch ms. */
const amzDateMs = (d: string): number =>
  Date.UTC(
    +d.slice(0, 4),
    +d.slice(4, 6) - 1,
    +d.slice(6, 8),
    +d.slice(9, 11),
    +d.slice(11, 13),
    +d.slice(13, 15),
  );

interface Ctx {
  readonly method: string;
  readonly path: string;
  readonly querystring: string;
  /** The request's header names, lower case. */
  readonly headerNames?: readonly string[];
  get(header: string): string;
}

/** S3 refuses these request headers unless the signature covers them. */
const mustBeSigned = (header: string): boolean =>
  header === 'content-md5' || (header.startsWith('x-amz-') && header !== 'x-amz-content-sha256');

/** Why S3 would refuse this pre-signed request (signature version 4, query form), or null. */
export const presignedRefusal = (ctx: Ctx, now: number): string | null => {
  const pairs = ctx.querystring
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const eq = p.indexOf('=');
      const [k, v] = eq === -1 ? [p, ''] : [p.slice(0, eq), p.slice(eq + 1)];
      return [decodeURIComponent(k), decodeURIComponent(v.replace(/\+/g, '%20'))] as const;
    });
  const q = new Map(pairs);
  const signature = q.get('X-Amz-Signature');
  const credential = q.get('X-Amz-Credential')?.split('/');
  const amzDate = q.get('X-Amz-Date') ?? '';
  const expires = Number(q.get('X-Amz-Expires'));
  const signed = (q.get('X-Amz-SignedHeaders') ?? '').split(';').filter((h) => h !== '');
  if (signature === undefined || credential?.length !== 5 || !/^\d{8}T\d{6}Z$/.test(amzDate))
    return 'AuthorizationQueryParametersError';
  if ((ctx.headerNames ?? []).some((h) => mustBeSigned(h) && !signed.includes(h))) return 'HeadersNotSigned';
  const [keyId, day, region, service, terminator] = credential as [string, string, string, string, string];
  if (keyId !== KEY_ID) return 'InvalidAccessKeyId';
  if (!Number.isFinite(expires) || now > amzDateMs(amzDate) + expires * 1000) return 'AccessDenied';
  const query = pairs
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = signed.map((h) => `${h}:${ctx.get(h).trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [
    ctx.method,
    ctx.path,
    query,
    headers,
    signed.join(';'),
    q.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${day}/${region}/${service}/${terminator}`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, day), region), service), terminator);
  return hmac(key, toSign).toString('hex') === signature ? null : 'SignatureDoesNotMatch';
};

const STATUS_OF: Readonly<Record<string, number>> = {
  AuthorizationQueryParametersError: 400,
  InvalidAccessKeyId: 403,
  AccessDenied: 403,
  HeadersNotSigned: 403,
  SignatureDoesNotMatch: 403,
  BadDigest: 400,
  InvalidDigest: 400,
};

/** S3's error code and message for each refusal made here. */
const ERROR_OF: Readonly<Record<string, readonly [string, string]>> = {
  HeadersNotSigned: ['AccessDenied', 'There were headers present in the request which were not signed'],
  BadDigest: ['BadDigest', 'The Content-MD5 you specified did not match what we received.'],
  InvalidDigest: ['InvalidDigest', 'The Content-MD5 you specified was invalid.'],
};

const readAll = async (req: IncomingMessage): Promise<Buffer> => {
  const pieces: Buffer[] = [];
  for await (const piece of req as AsyncIterable<Buffer>) pieces.push(piece);
  return Buffer.concat(pieces);
};

/**
 * Why S3 would refuse this PUT's bytes for its Content-MD5, or null. The bytes are read here (the
 * parts of these tests are a few MiB); what passes is handed on to s3rver as a stream of them.
 */
const digestRefusal = async (ctx: {
  req: IncomingMessage;
  get(header: string): string;
}): Promise<string | null> => {
  const stated = ctx.get('content-md5');
  if (!/^[A-Za-z0-9+/]{21}[AQgw]==$/.test(stated)) return 'InvalidDigest';
  const bytes = await readAll(ctx.req);
  if (createHash('md5').update(bytes).digest('base64') !== stated) return 'BadDigest';
  // Koa's ctx.req is a plain property; its request (headers) stays the original message.
  ctx.req = Object.assign(Readable.from([bytes]), { headers: ctx.req.headers }) as unknown as IncomingMessage;
  return null;
};

export const startLocalS3 = async (bucket = 'atelier-test'): Promise<LocalS3> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atelier-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true });
  server.store.putPart = putPartWhole(server.store);
  const seen: SeenRequest[] = [];

  /** The directory where s3rver keeps the parts of one multipart upload. */
  const uploadDir = (b: string, uploadId: string) =>
    path.join(server.store.getResourcePath(b, undefined, 'uploads'), uploadId);

  const added: S3rver['middleware'][number] = async (ctx, next) => {
    const [, b = '', ...rest] = ctx.path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const uploadId = typeof ctx.query['uploadId'] === 'string' ? ctx.query['uploadId'] : null;
    let refused: string | null = null;
    if (ctx.method !== 'OPTIONS' && 'X-Amz-Algorithm' in ctx.query)
      refused = presignedRefusal(
        {
          method: ctx.method,
          path: ctx.path,
          querystring: ctx.querystring,
          headerNames: Object.keys(ctx.headers),
          get: (h) => ctx.get(h),
        },
        Date.now(),
      );
    if (refused === null && ctx.method === 'PUT' && ctx.get('content-md5') !== '')
      refused = await digestRefusal(ctx);
    seen.push({ method: ctx.method, path: ctx.path, query: ctx.querystring, refused });
    if (refused !== null) {
      ctx.status = STATUS_OF[refused] ?? 403;
      ctx.type = 'application/xml';
      const [code, message] = ERROR_OF[refused] ?? [refused, 'refused by the pre-signed URL check'];
      ctx.body = xmlError(code, message);
      return;
    }
    if (uploadId === null || key === '' || !/^[0-9a-f]{32}$/.test(uploadId)) return next();
    const partsAt = uploadDir(b, uploadId);
    const exists = await stat(partsAt).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (ctx.method === 'DELETE') {
      await rm(partsAt, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method !== 'GET' || 'partNumber' in ctx.query) return next();
    if (!exists) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = xmlError('NoSuchUpload', 'The specified upload does not exist.');
      return;
    }
    const numbers = (await readdir(partsAt))
      .filter((f) => /^\d+$/.test(f))
      .map(Number)
      .sort((x, y) => x - y);
    // A part being written has its data file but not yet its checksum (s3rver writes `<n>.md5`
    // once the data is in): S3 lists a part once it is complete, so such a part is left out.
    // Reading it as listed made ListParts fail with ENOENT (a 500) while another part of the same
    // upload was going up: the scaled-uploads soak's S3 run failed so in one run of four.
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const file = path.join(partsAt, String(n));
        const md5 = await readFile(`${file}.md5`, 'utf8').then(
          (text) => text.trim(),
          () => '',
        );
        if (!/^[0-9a-f]{32}$/.test(md5)) return '';
        const info = await stat(file);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
      }),
    );
    const listed = numbers.filter((_, i) => parts[i] !== '');
    ctx.type = 'application/xml';
    ctx.body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">',
      `<Bucket>${b}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId>`,
      `<PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${listed.at(-1) ?? 0}</NextPartNumberMarker>`,
      `<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>`,
      ...parts,
      '</ListPartsResult>',
    ].join('');
  };
  // Just before s3rver's router, after its logger, XML writer and virtual-host middleware.
  server.middleware.splice(server.middleware.length - 1, 0, added);

  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3StoreConfig = {
    kind: 's3',
    bucket,
    prefix: 'atelier',
    endpoint,
    region: 'us-east-1',
    accessKeyId: KEY_ID,
    secretAccessKey: SECRET,
    forcePathStyle: true,
    corsOrigins: [],
  };
  const store = s3BlobStore(config);
  await store.client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    config,
    store,
    seen,
    stop: async () => {
      store.client.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
};
