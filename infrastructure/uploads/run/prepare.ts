/** Preparation of an image (spec §5): compression toward 2 MB, EXIF stripped, task inputs scaled. */
import { Observable, catchError, from, mergeMap, of, throwError } from 'rxjs';
import { uploads } from '../../../domain/index.js';
import type { CompressImage, UploadFileHandle } from '../deps';
import { bytesHandle } from '../handles';
import { isJpeg, stripJpegMetadata } from '../jpeg';
import type { UploadRun } from './context';
import { Broken } from './errors';

const asBroken = (err: unknown) =>
  throwError(() => (err instanceof Broken ? err : new Broken('uploadError', false)));

const compress$ = (
  compress: CompressImage,
  source: UploadFileHandle,
  size?: uploads.PixelSize,
): Observable<UploadFileHandle> => {
  const attempt = (quality: number): Observable<UploadFileHandle> =>
    from(size === undefined ? compress(source, quality) : compress(source, quality, size)).pipe(
      mergeMap((out) => {
        const step = uploads.nextCompressionStep(quality, out.size);
        switch (step.kind) {
          case 'done':
            return of(out);
          case 'tryQuality':
            return attempt(step.quality);
          case 'failed':
            return throwError(() => new Broken(step.messageKey, false));
        }
      }),
    );
  return attempt(uploads.FIRST_COMPRESSION_QUALITY).pipe(catchError(asBroken));
};

const prepareAsIs$ = (
  { up, file }: UploadRun,
  how: uploads.CompressionKind,
): Observable<UploadFileHandle> => {
  if (how === 'gifLossy')
    return uploads.needsCompression(file.size) && up.compressGif !== null
      ? compress$(up.compressGif, file)
      : of(file);
  if (uploads.needsCompression(file.size)) return compress$(up.compressImage, file);
  if (!isJpeg(file.type)) return of(file);
  return from(file.slice(0, file.size)).pipe(
    mergeMap((bytes) => {
      const stripped = stripJpegMetadata(bytes);
      if (stripped.kind === 'notJpeg') return of(file);
      if (stripped.kind === 'stripped' && (stripped.orientation ?? 1) === 1)
        return of(stripped.removedSegments === 0 ? file : bytesHandle(file, stripped.bytes));
      // Rotated pixels or headers that do not parse: a canvas re-encode applies the
      // orientation and drops every metadata segment.
      return compress$(up.compressImage, file);
    }),
    catchError(asBroken),
  );
};

/**
 * Issue 21: an image meant as a task's input that is over the task's limit is scaled down to
 * it (`uploads.fitWithin`, aspect ratio kept) and re-encoded as JPEG through the same quality
 * plan; a GIF's first frame is what the engines read, so it goes the same way. One that fits,
 * or whose size cannot be read, goes on as any image does (the server says what is wrong).
 */
export const prepare$ = (run: UploadRun): Observable<UploadFileHandle> => {
  const { kind, file, up, cmd } = run;
  if (kind !== 'image') return of(file);
  const how = uploads.compressionKind(file.type);
  if (how === 'none') return of(file);
  const limit = cmd.pixelLimit;
  if (limit === undefined) return prepareAsIs$(run, how);
  return from(up.measureImage(file)).pipe(
    catchError(() => of(null)),
    mergeMap((size) => {
      if (size === null) return prepareAsIs$(run, how);
      const fitted = uploads.fitWithin(size, limit);
      return fitted.width === size.width && fitted.height === size.height
        ? prepareAsIs$(run, how)
        : compress$(up.compressImage, file, fitted);
    }),
  );
};
