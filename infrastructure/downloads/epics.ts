/**
 * Downloads (spec §4, §7, §8, §9). An image download resolves a signed URL through the
 * download-url resolver, fetches the file in Range chunks of 10 MiB (each chunk retried 3 times,
 * 1 s apart), and saves it. A failed attempt is retried once after 2 s; a second failure raises
 * the 'img_download_fail' warning. Image loads for display retry up to 2 times. A download that
 * carries its generation settings keeps them inside the PNG ("parameters" text) or, for any
 * other file, in a JSON file saved beside it.
 */
import * as E from 'fp-ts/Either';
import {
  concatMap,
  defer,
  filter,
  from,
  ignoreElements,
  map,
  mergeMap,
  of,
  catchError,
  retry,
  tap,
  throwError,
  timer,
  toArray,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import type { AppEpic } from '../epics/types';
import { downloadImage } from './commands';
import type { DownloadCapabilities, RangeResponse } from '../platform/deps';
import { PARAMETERS_KEY, withPngText } from './png';
import {
  DOWNLOAD_CHUNK_BYTES,
  DOWNLOAD_CHUNK_RETRIES,
  DOWNLOAD_CHUNK_RETRY_DELAY_MS,
  IMAGE_DOWNLOAD_FAIL_KEY,
  IMAGE_DOWNLOAD_RETRIES,
  IMAGE_DOWNLOAD_RETRY_DELAY_MS,
  IMAGE_LOAD_RETRIES,
  checkChunk,
  downloadFileName,
  firstSpan,
  generationJson,
  generationText,
  sidecarName,
  remainingSpans,
  type ByteSpan,
} from './rules';
import { toast } from '../notices/toast';

export interface DownloadedFile {
  readonly parts: readonly Uint8Array[];
  readonly contentType: string;
  readonly size: number;
}

export class ChunkError extends Error {}

/** The file's bytes in one array (a single part is used as it is). */
export const joinParts = (file: DownloadedFile): Uint8Array => {
  if (file.parts.length === 1) return file.parts[0]!;
  const out = new Uint8Array(file.parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of file.parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * The whole file at `url`, chunk by chunk in order. The first chunk's Content-Range gives the
 * total; a server that ignores Range answers the whole file at once, which is accepted too.
 */
export const downloadInChunks = (
  fetchRange: DownloadCapabilities['fetchRange'],
  url: string,
  scheduler: SchedulerLike,
  chunkBytes: number = DOWNLOAD_CHUNK_BYTES,
): Observable<DownloadedFile> => {
  const chunk = (
    span: ByteSpan,
    first: boolean,
  ): Observable<{ answer: RangeResponse; total: number | null }> =>
    defer(() => fetchRange(url, span.start, span.end)).pipe(
      map((answer) => {
        const check = checkChunk(
          span,
          { status: answer.status, contentRange: answer.contentRange, length: answer.bytes.length },
          first,
        );
        if (check.kind === 'bad') throw new ChunkError(`bytes ${span.start}-${span.end}: ${check.reason}`);
        return { answer, total: check.kind === 'part' ? check.total : null };
      }),
      retry({ count: DOWNLOAD_CHUNK_RETRIES, delay: () => timer(DOWNLOAD_CHUNK_RETRY_DELAY_MS, scheduler) }),
    );
  return chunk(firstSpan(chunkBytes), true).pipe(
    mergeMap(({ answer, total }) => {
      const contentType = answer.contentType ?? 'application/octet-stream';
      if (total === null) return of({ parts: [answer.bytes], contentType, size: answer.bytes.length });
      return from(remainingSpans(total, chunkBytes)).pipe(
        concatMap((span) => chunk(span, false)),
        map(({ answer: a }) => a.bytes),
        toArray(),
        map((rest) => ({ parts: [answer.bytes, ...rest], contentType, size: total })),
      );
    }),
  );
};

/** Spec §8: an image that fails to load is tried again, up to 2 more times. */
export const withImageLoadRetries = <A>(load: () => Observable<A>): Observable<A> =>
  defer(load).pipe(retry({ count: IMAGE_LOAD_RETRIES }));

export const downloadImageEpic: AppEpic = (action$, _state$, { platform, scheduler, ids }) =>
  action$.pipe(
    filter(downloadImage.match),
    mergeMap(({ payload }) => {
      const attempt$ = defer(() => platform.api.downloadUrl({ url: payload.url, scene: payload.scene })).pipe(
        mergeMap((r) =>
          E.isLeft(r)
            ? throwError(() => r.left)
            : downloadInChunks(platform.download.fetchRange, r.right.url, scheduler),
        ),
        tap((file) => {
          const name = downloadFileName(payload.url, payload.fileName);
          // A square card gives its generation; a task of the queue its "parameters" text (tasks.parametersText).
          const generation = payload.generation;
          const text =
            payload.parameters ?? (generation === undefined ? undefined : generationText(generation));
          if (text === undefined) return platform.download.save(name, file.parts, file.contentType);
          const withText = withPngText(joinParts(file), PARAMETERS_KEY, text);
          if (withText !== null) return platform.download.save(name, [withText], 'image/png');
          platform.download.save(name, file.parts, file.contentType);
          const sidecar =
            generation === undefined ? JSON.stringify({ parameters: text }) : generationJson(generation);
          platform.download.save(sidecarName(name), [new TextEncoder().encode(sidecar)], 'application/json');
        }),
      );
      return attempt$.pipe(
        retry({
          count: IMAGE_DOWNLOAD_RETRIES,
          delay: () => timer(IMAGE_DOWNLOAD_RETRY_DELAY_MS, scheduler),
        }),
        ignoreElements(),
        catchError(() => of(toast(ids, 'warning', IMAGE_DOWNLOAD_FAIL_KEY))),
      );
    }),
  );

export const downloadEpics: readonly AppEpic[] = [downloadImageEpic];
