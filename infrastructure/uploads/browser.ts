/**
 * The browser's real upload capabilities: chunk PUTs over fetch (aborted on unsubscribe and
 * after a hard timeout), file handles over `File`/`Blob`, JPEG re-encoding through a canvas
 * (which applies the EXIF orientation and drops every metadata segment), lossy GIF re-encoding
 * in script (./gif.ts), localStorage, and the picked files kept in IndexedDB (./keptFiles.ts).
 * Nothing here runs at import time, so Node tests can use `fetchPutChunk` with Node's fetch.
 */
import { Observable } from 'rxjs';
import { parseRetryAfter, uploads } from '../../domain/index.js';
import type { FetchLike, HttpClient } from '../http/client';
import { browserKeyValueStorage } from '../platform/storage';
import { makeUploadsApi } from './api';
import { isBadDigestAnswer, wasmContentMd5 } from './digest';
import { blobFileHandle } from './handles';
import { indexedDbKeptFiles, memoryKeptFiles } from './keptFiles';
import type { CompressImage, MeasureImage, PutChunk, UploadFileHandle, UploadsDeps } from './deps';

/** Chunk PUTs in flight per upload: enough to hide latency, few enough for 20 MiB chunks in memory. */
export const BROWSER_PARALLEL_CHUNKS = 3;

/** The page may name an alternate upload host: `<meta name="atelier-upload-alternate-host" content="https://…">`. */
export const ALTERNATE_HOST_META = 'atelier-upload-alternate-host';

export class PutTimeoutError extends Error {}

/**
 * PUT through `fetch`, with the chunk's Content-MD5. Emits the HTTP status (and the wait a
 * Retry-After asks for) once the answer's body is read (so the connection can be reused; a 400 is
 * read for the store's BadDigest), errors on transport failure, aborts on unsubscribe (the epics'
 * 60 s chunk timeout and cancel) and, as a last bound, after `hardTimeoutMs`.
 */
export const fetchPutChunk =
  (fetchFn: FetchLike, hardTimeoutMs: number = uploads.IMAGE_UPLOAD_TIMEOUT_MS): PutChunk =>
  (url, bytes, contentMd5) =>
    new Observable((subscriber) => {
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, hardTimeoutMs);
      fetchFn(url, {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream', 'content-md5': contentMd5 },
        // The DOM typing wants an ArrayBuffer-backed view; every Uint8Array we make is one.
        body: bytes as Uint8Array<ArrayBuffer>,
        signal: controller.signal,
      })
        .then(async (response) => {
          const body = await response.text().catch(() => '');
          clearTimeout(timer);
          const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), Date.now());
          subscriber.next({
            status: response.status,
            ...(retryAfterMs === null ? {} : { retryAfterMs }),
            ...(isBadDigestAnswer(response.status, body) ? { badDigest: true } : {}),
          });
          subscriber.complete();
        })
        .catch((err: unknown) => {
          clearTimeout(timer);
          if (timedOut) subscriber.error(new PutTimeoutError(`PUT ${url} took over ${hardTimeoutMs} ms`));
          else if (!controller.signal.aborted) subscriber.error(err);
        });
      return () => {
        clearTimeout(timer);
        controller.abort();
      };
    });

/** A picked `File` (or any Blob with a name) as the epics' file handle. */
export const fileHandle = (
  file: Blob & { readonly name: string; readonly lastModified?: number },
): UploadFileHandle =>
  blobFileHandle(file, { name: file.name, type: file.type, lastModified: file.lastModified ?? 0 });

const jpegName = (name: string): string => `${name.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'image'}.jpg`;

const decodeUpright = (file: UploadFileHandle): Promise<ImageBitmap> =>
  Promise.resolve(file.slice(0, file.size)).then((bytes) =>
    createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: file.type }), {
      imageOrientation: 'from-image',
    }),
  );

/**
 * Spec §5: re-encodes as JPEG at `quality`, drawn at `size` when given (issue 21: scaled down to
 * a task's limit, smoothed at the browser's best quality). `createImageBitmap` turns the pixels
 * upright from their EXIF orientation; the canvas output carries no EXIF. Transparent areas
 * become white, as JPEG has no alpha.
 */
export const canvasCompressImage: CompressImage = (file, quality, size) =>
  decodeUpright(file).then(async (bitmap) => {
    try {
      const blob = await encodeJpeg(bitmap, quality, size ?? { width: bitmap.width, height: bitmap.height });
      return fileHandle(Object.assign(blob, { name: jpegName(file.name), lastModified: file.lastModified }));
    } finally {
      bitmap.close();
    }
  });

/** The size the image shows at (EXIF orientation applied), or null when the browser cannot decode it. */
export const canvasMeasureImage: MeasureImage = (file) =>
  decodeUpright(file).then(
    (bitmap) => {
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size;
    },
    () => null,
  );

type Canvas2d = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

const paint = (ctx: Canvas2d, bitmap: ImageBitmap, size: uploads.PixelSize) => {
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, size.width, size.height);
};

const encodeJpeg = async (bitmap: ImageBitmap, quality: number, size: uploads.PixelSize): Promise<Blob> => {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    paint(ctx, bitmap, size);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  paint(ctx, bitmap, size);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('the canvas produced no JPEG'))),
      'image/jpeg',
      quality,
    ),
  );
};

const alternateHost = (): string => {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${ALTERNATE_HOST_META}"]`);
  return meta?.content.replace(/\/+$/, '') ?? '';
};

export const browserUploadsDeps = (http: HttpClient): UploadsDeps => ({
  api: makeUploadsApi(http),
  putChunk: fetchPutChunk((input, init) => window.fetch(input, init)),
  contentMd5: wasmContentMd5,
  compressImage: canvasCompressImage,
  measureImage: canvasMeasureImage,
  // No browser API encodes GIFs: ours runs in script, on the main thread, yielding every 50 ms.
  // The encoder's code is loaded with the first GIF, not with the page.
  compressGif: (file, quality) =>
    import('./gifAdapter').then((m) => m.gifCompressImage(() => m.timeSlicedPause())(file, quality)),
  storage: browserKeyValueStorage(),
  keptFiles: typeof indexedDB === 'undefined' ? memoryKeptFiles() : indexedDbKeptFiles(),
  // Same origin first; a named alternate host, else the same origin again, after a reload.
  hosts: { primary: '', alternate: alternateHost() },
  chunkBytes: null,
  parallelChunks: BROWSER_PARALLEL_CHUNKS,
});
