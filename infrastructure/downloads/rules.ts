/**
 * Download rules of spec §4, §8, §9 that the domain does not hold yet (pure, no I/O): the image
 * download retry, image load retries, the 10 MiB Range chunks and their retries, and how a
 * chunk answer is checked. The chunk retry delay is not in the spec; 1 s is our choice.
 */

import type { feed } from '../../domain/index.js';

/** Spec §4: a failed image download is retried once, 2 s later, then 'img_download_fail' warns. */
export const IMAGE_DOWNLOAD_RETRIES = 1;
export const IMAGE_DOWNLOAD_RETRY_DELAY_MS = 2000;
export const IMAGE_DOWNLOAD_FAIL_KEY = 'img_download_fail';

/** Spec §8: image load errors (and cross-origin fetch errors) are retried up to 2 times. */
export const IMAGE_LOAD_RETRIES = 2;

/** Spec §9: download chunks are at most 10 MiB. */
export const DOWNLOAD_CHUNK_BYTES = 10 * 1024 * 1024;
/** Spec §8: each chunk is retried 3 times. */
export const DOWNLOAD_CHUNK_RETRIES = 3;
export const DOWNLOAD_CHUNK_RETRY_DELAY_MS = 1000;

export interface ByteSpan {
  /** Inclusive first and last byte. */
  readonly start: number;
  readonly end: number;
}

export interface ContentRange extends ByteSpan {
  readonly total: number;
}

/** `bytes 0-99/1234` → its parts; anything else (including `*` totals) → null. */
export const parseContentRange = (header: string | null): ContentRange | null => {
  const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec((header ?? '').trim());
  if (!m) return null;
  const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return start <= end && end < total ? { start, end, total } : null;
};

/** The first request's span: the first chunk, whatever the size turns out to be. */
export const firstSpan = (chunkBytes: number = DOWNLOAD_CHUNK_BYTES): ByteSpan => ({
  start: 0,
  end: chunkBytes - 1,
});

/** The spans still to fetch once the first chunk told the total; in order, covering the rest exactly. */
export const remainingSpans = (
  total: number,
  chunkBytes: number = DOWNLOAD_CHUNK_BYTES,
): readonly ByteSpan[] => {
  const spans: ByteSpan[] = [];
  for (let start = chunkBytes; start < total; start += chunkBytes)
    spans.push({ start, end: Math.min(total, start + chunkBytes) - 1 });
  return spans;
};

export type ChunkCheck =
  | { readonly kind: 'whole' }
  | { readonly kind: 'part'; readonly total: number }
  | { readonly kind: 'bad'; readonly reason: string };

/**
 * A 206 must carry exactly the span asked for (clipped to the file); a 200 to the first request
 * is the whole file (the server ignored Range); anything else is a failed chunk.
 */
export const checkChunk = (
  asked: ByteSpan,
  answer: { readonly status: number; readonly contentRange: string | null; readonly length: number },
  first: boolean,
): ChunkCheck => {
  if (answer.status === 200 && first) return { kind: 'whole' };
  if (answer.status !== 206) return { kind: 'bad', reason: `HTTP ${answer.status}` };
  const range = parseContentRange(answer.contentRange);
  if (range === null) return { kind: 'bad', reason: 'no usable Content-Range' };
  const end = Math.min(asked.end, range.total - 1);
  if (range.start !== asked.start || range.end !== end)
    return { kind: 'bad', reason: 'another span came back' };
  if (answer.length !== end - asked.start + 1) return { kind: 'bad', reason: 'short chunk' };
  return { kind: 'part', total: range.total };
};

/** The saved file's name: the one asked for, else the URL path's last part, else 'download'. */
export const downloadFileName = (url: string, asked?: string): string => {
  if (asked !== undefined && asked.trim() !== '') return asked.trim();
  const path = url.split(/[?#]/)[0] ?? '';
  const last =
    path
      .split('/')
      .filter((p) => p !== '')
      .pop() ?? '';
  try {
    const decoded = decodeURIComponent(last);
    return decoded === '' ? 'download' : decoded;
  } catch {
    return last === '' ? 'download' : last;
  }
};

/**
 * A work's generation settings as text, in the layout image tools read from a PNG's "parameters"
 * text: the prompt on the first line, then `Key: value` pairs.
 */
export const generationText = (g: feed.CardGeneration): string =>
  [
    g.prompt,
    [
      `Seed: ${g.seed}`,
      `Size: ${g.width}x${g.height}`,
      `Aspect ratio: ${g.aspectRatio}`,
      ...(g.model === undefined ? [] : [`Model: ${g.model}`]),
    ].join(', '),
  ].join('\n');

/** The same settings as JSON, for the file saved beside an image that is not a PNG. */
export const generationJson = (g: feed.CardGeneration): string =>
  JSON.stringify(
    {
      prompt: g.prompt,
      seed: g.seed,
      width: g.width,
      height: g.height,
      aspect_ratio: g.aspectRatio,
      ...(g.model === undefined ? {} : { model: g.model }),
    },
    null,
    2,
  );

/** The name of the settings file beside `fileName`: its extension replaced by `.json`. */
export const sidecarName = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return `${dot > 0 ? fileName.slice(0, dot) : fileName}.json`;
};
