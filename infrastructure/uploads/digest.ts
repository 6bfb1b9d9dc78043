/**
 * The per-chunk integrity check of uploads (issue 25), the S3 way: each chunk PUT carries its
 * Content-MD5 (RFC 1864), and the store refuses bytes that do not have it (S3 answers 400
 * BadDigest, the reference server 400 with 30004). WebCrypto has no MD5, so the browser's comes
 * from hash-wasm (WebAssembly), loaded with the first chunk rather than with the page.
 */
import { UPLOAD_BAD_DIGEST_CODE } from '../contract/uploads';
import type { ContentMd5Of } from './deps';

/** Base64 of the bytes a hex string spells (an MD5 digest's 32 digits become 24 characters). */
export const base64OfHex = (hex: string): string => {
  let binary = '';
  for (let i = 0; i + 1 < hex.length; i += 2)
    binary += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
  return btoa(binary);
};

type Md5Module = typeof import('./md5');
let md5Module: Promise<Md5Module> | null = null;

/** hash-wasm's MD5, as Content-MD5. A failed load is tried again with the next chunk. */
export const wasmContentMd5: ContentMd5Of = (bytes) => {
  const loading = (md5Module ??= import('./md5').catch((err: unknown) => {
    md5Module = null;
    throw err;
  }));
  return loading.then((m) => m.md5(bytes)).then(base64OfHex);
};

/**
 * Whether a chunk PUT's answer is the store's refusal of bytes that do not match their
 * Content-MD5: S3's XML error `BadDigest`, or the reference server's envelope with 30004. Any
 * other refusal (a malformed digest is S3's `InvalidDigest`) is not: sending again cannot help.
 */
export const isBadDigestAnswer = (status: number, body: string): boolean => {
  if (status !== 400) return false;
  if (/<Code>\s*BadDigest\s*<\/Code>/.test(body)) return true;
  try {
    const json: unknown = JSON.parse(body);
    const code = (json as { status?: { code?: unknown } } | null)?.status?.code;
    return code === UPLOAD_BAD_DIGEST_CODE;
  } catch {
    return false;
  }
};
