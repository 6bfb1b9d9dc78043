/**
 * One chunk: PUT to its signed URL with its Content-MD5, verified, within its timeout (spec §9);
 * a failed try asks the domain what follows (retry after a wait, the alternate host, or give up).
 */
import {
  EMPTY,
  Observable,
  catchError,
  concat,
  defaultIfEmpty,
  defer,
  from,
  map,
  mergeMap,
  of,
  race,
  take,
  throwError,
  timer,
} from 'rxjs';
import { uploads } from '../../../domain/index.js';
import type { Action } from '../../epics/types';
import type { PutOutcome, UploadFileHandle } from '../deps';
import type { UploadRun } from './context';
import { Broken, HostReload, Refused } from './errors';
import { saveProgress } from './keep';
import { arrived, checkRequest, chunkCall, putUrl$, verifyCall } from './verify';

/** A pre-signed URL is relative to the API origin; a host reload sends it elsewhere. */
const onHost = (host: string, url: string): string => (/^https?:\/\//i.test(url) ? url : host + url);

/** How one try of a chunk ended: stored (and verified), or not, with the wait the server asked for. */
interface TryOutcome {
  readonly ok: boolean;
  readonly retryAfterMs: number | null;
}
const STORED: TryOutcome = { ok: true, retryAfterMs: null };
const LOST: TryOutcome = { ok: false, retryAfterMs: null };

/**
 * Spec §8: 5xx, 408, 429 and transport failures are worth retrying; another 4xx never is, except
 * the store's refusal of bytes that do not match their Content-MD5 (400 BadDigest): they were
 * damaged on the way, and the same chunk sent again arrives whole.
 */
const putVerdict = (put: PutOutcome): 'ok' | 'retry' | 'fatal' =>
  put.badDigest === true
    ? 'retry'
    : put.status >= 200 && put.status < 300
      ? 'ok'
      : put.status >= 400 && put.status < 500 && put.status !== 408 && put.status !== 429
        ? 'fatal'
        : 'retry';

type PendingPhase = NonNullable<ReturnType<UploadRun['model']['pending']>>;

/** One try: the slice's bytes, their digest, the PUT, then the check that they arrived whole. */
const tryChunk$ = (
  run: UploadRun,
  source: UploadFileHandle,
  phase: PendingPhase,
  slice: uploads.ChunkSlice,
  url: string,
  host: string,
): Observable<TryOutcome> => {
  const { up } = run;
  const verify = verifyCall(run, source.size, phase.chunkSize);
  return from(source.slice(slice.start, slice.end)).pipe(
    mergeMap((bytes) => from(up.contentMd5(bytes)).pipe(map((md5) => ({ bytes, md5 })))),
    mergeMap(({ bytes, md5 }) =>
      putUrl$(run, phase.fileId, url, md5).pipe(
        mergeMap((target) =>
          target === null ? of(null) : up.putChunk(onHost(host, target), bytes, md5).pipe(take(1)),
        ),
      ),
    ),
    mergeMap((put): Observable<TryOutcome> => {
      if (put === null) return of(LOST);
      const verdict = putVerdict(put);
      if (verdict === 'fatal') return throwError(() => new Broken('uploadError', false));
      if (verdict === 'retry') return of({ ok: false, retryAfterMs: put.retryAfterMs ?? null });
      if (verify === null) return of(STORED);
      return chunkCall(verify(checkRequest(phase.fileId, url))).pipe(
        map((r) => (r !== null && arrived(r, slice) ? STORED : LOST)),
      );
    }),
    defaultIfEmpty(LOST),
    // Transport failures are chunk failures; refusals end the upload.
    catchError((err: unknown) =>
      err instanceof Broken || err instanceof Refused ? throwError(() => err) : of(LOST),
    ),
  );
};

/** A failed try; `retryAfterMs` is the wait the server asked for, if it did. */
const failure$ = (
  run: UploadRun,
  index: number,
  retryAfterMs: number | null,
  again$: () => Observable<Action>,
): Observable<Action> =>
  defer(() => {
    const { id, model } = run;
    const failed = run.emit(uploads.chunkFailed({ id, index }));
    const upload = model.upload();
    const step = upload
      ? uploads.nextStepAfterChunkFailure(upload, index, retryAfterMs)
      : ({ kind: 'ignore' } as const);
    switch (step.kind) {
      case 'retryChunk':
        return concat(of(failed), timer(step.delayMs, run.deps.scheduler).pipe(mergeMap(() => again$())));
      case 'reloadHost':
        return concat(
          of(failed),
          throwError(() => new HostReload()),
        );
      case 'giveUp':
        return concat(
          of(failed),
          throwError(() => new Broken(step.messageKey, true)),
        );
      case 'ignore':
        return of(failed);
    }
  });

/** Chunk `index` sent through `host` until it is confirmed, or its failure ends the round. */
export const sendChunk$ = (
  run: UploadRun,
  source: UploadFileHandle,
  index: number,
  host: string,
): Observable<Action> => {
  const { id, emit, model } = run;
  const timeoutMs = run.route === 'image' ? uploads.IMAGE_UPLOAD_TIMEOUT_MS : uploads.CHUNK_TIMEOUT_MS;
  const attempt$ = (): Observable<Action> =>
    defer(() => {
      const phase = model.pending();
      const slice = phase?.chunks[index];
      const url = phase?.preSigns[index];
      if (!phase || !slice || url === undefined || slice.status === 'confirmed') return EMPTY;
      const sent = emit(uploads.chunkSent({ id, index }));
      const try$ = tryChunk$(run, source, phase, slice, url, host);
      // The chunk timeout (spec §9, 60 s) is armed before the PUT goes out, so it ends the try
      // at exactly its time: an answer in the same millisecond is already too late (issue 25).
      const outcome$ = race(timer(timeoutMs, run.deps.scheduler).pipe(map(() => LOST)), try$);
      return concat(
        of(sent),
        outcome$.pipe(
          mergeMap(({ ok, retryAfterMs }) => {
            if (!ok) return failure$(run, index, retryAfterMs, attempt$);
            const confirmed = emit(uploads.chunkConfirmed({ id, index }));
            saveProgress(run);
            return of(confirmed);
          }),
        ),
      );
    });
  return attempt$();
};

/** Rounds over the unconfirmed chunks; a host reload starts the next round on the alternate host. */
export const rounds$ = (run: UploadRun, source: UploadFileHandle): Observable<Action> =>
  defer(() => {
    const { model, up } = run;
    const upload = model.upload();
    const phase = model.pending();
    const first = upload ? uploads.firstUnconfirmedChunk(upload) : null;
    if (!phase || first === null) return EMPTY;
    const host = phase.hostReloads === 0 ? up.hosts.primary : up.hosts.alternate;
    const todo = phase.chunks
      .filter((c) => c.index >= first.index && c.status !== 'confirmed')
      .map((c) => c.index);
    return from(todo).pipe(
      mergeMap((index) => sendChunk$(run, source, index, host), Math.max(1, up.parallelChunks)),
    );
  }).pipe(
    catchError((err: unknown) =>
      err instanceof HostReload
        ? concat(
            defer(() => of(run.emit(uploads.hostReloaded({ id: run.id })))),
            rounds$(run, source),
          )
        : throwError(() => err),
    ),
  );
