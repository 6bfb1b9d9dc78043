/**
 * One upload from start to end (spec §4, §5, §8, §9) as one stream of actions:
 * validate → (images) compress / strip EXIF → started → sign (config, pre-sign or audio
 * pre-config) → signed → PUT every chunk to its signed URL with its Content-MD5 (issue 25: a
 * chunk damaged on the way is refused by the store and sent again), each verified → confirm →
 * confirmed, or failed / errored. A resumed upload asks the server which chunks it already
 * holds and continues from the first one it does not.
 *
 * Every decision is the domain's (domain/uploads/rules.ts): validation, the compression plan,
 * chunk planning, what follows a chunk failure (retry after 3 s, three times; then the
 * alternate host, three times; then uploadError), where a reload resumes, what a confirm
 * status means. To ask those rules about the upload as it is now, the run folds the events it
 * emits through the domain's own reducer (`UploadModel`): the store folds the same events, so
 * both agree, and no decision waits for the store to catch up.
 */
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import {
  EMPTY,
  Observable,
  catchError,
  concat,
  concatMap,
  defaultIfEmpty,
  defer,
  from,
  map,
  mergeMap,
  of,
  take,
  race,
  takeUntil,
  tap,
  throwError,
  throwIfEmpty,
  timer,
  toArray,
} from 'rxjs';
import { notices, uploads, type DomainEvent, type UnstampedEvent } from '../../domain/index.js';
import {
  AudioPreConfigRequest,
  ChunkCheckRequest,
  ChunkSignRequest,
  FileConfirmRequest,
  ImageConfirmRequest,
  UploadConfigRequest,
  UploadPreSignRequest,
  type ChunkCheckResponse,
} from '../contract/uploads';
import type { Action } from '../epics/types';
import type { ApiFailure, ApiResult } from '../http/client';
import { reportApiFailure } from '../notices/commands';
import type { Dependencies } from '../store/dependencies';
import { queueGuestFile, type StartUploadPayload } from './commands';
import type { CompressImage, PutOutcome, UploadFileHandle } from './deps';
import { bytesHandle, settled } from './handles';
import { isJpeg, stripJpegMetadata } from './jpeg';
import {
  clearResume,
  identityOf,
  readAllResume,
  readResume,
  writeResume,
  type ResumeRecord,
} from './records';

type UnstampedUploadEvent = uploads.UploadEvent extends infer Ev
  ? Ev extends DomainEvent<infer T, infer P>
    ? UnstampedEvent<T, P>
    : never
  : never;

/** The one upload this run drives, folded from its own events by the domain reducer. */
class UploadModel {
  private state: uploads.UploadsState = uploads.initialUploadsState;
  constructor(
    readonly id: string,
    private readonly now: () => number,
  ) {}
  readonly emit = <A extends UnstampedUploadEvent>(event: A): A => {
    const stamped = {
      ...(event as UnstampedUploadEvent),
      meta: { seq: 0, at: this.now() },
    } as uploads.UploadEvent;
    this.state = uploads.evolveUploads(this.state, stamped);
    return event;
  };
  upload(): uploads.Upload | undefined {
    return this.state.byId[this.id];
  }
  pending(): Extract<uploads.UploadPhase, { status: 'pending' }> | null {
    const phase = this.upload()?.phase;
    return phase?.status === 'pending' ? phase : null;
  }
  running(): boolean {
    const u = this.upload();
    return u !== undefined && uploads.isRunning(u.phase);
  }
}

/** A call the server refused or that never got an answer: the upload cannot go on. */
class Refused extends Error {
  constructor(readonly failure: ApiFailure) {
    super(`upload call failed: ${failure.kind}`);
  }
}

/** The upload broke (budgets used up, a refused PUT, compression failed, a broken answer). */
class Broken extends Error {
  constructor(
    readonly messageKey: string,
    /** Whether the slot's resumable record is still worth keeping for a later resume. */
    readonly keepResume: boolean,
  ) {
    super(messageKey);
  }
}

/** A chunk used up its retries: the round stops and the upload goes on through the alternate host. */
class HostReload extends Error {}

type Route = 'image' | 'file' | 'audio';
const routeOf = (kind: uploads.UploadKind): Route => (kind === 'image' || kind === 'audio' ? kind : 'file');

interface Signed {
  readonly fileId: string;
  readonly preSigns: readonly string[];
  readonly chunkSize: number;
  readonly expiresAt: number;
  /** Each chunk's URL is asked again with its Content-MD5 signed in (a store such as S3). */
  readonly signChunks: boolean;
}

export interface UploadRunEnv {
  readonly deps: Dependencies;
  /** Whether the person is a guest (session cookie T absent), read when the upload starts. */
  readonly guest: boolean;
  /** Emits once when the person cancels this slot's upload. */
  readonly cancel$: Observable<unknown>;
  /** Whose upload it is (the account id, null for a guest), written into its resume record. */
  readonly account: string | null;
}

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

/**
 * The contract's FileName: no control characters or path separators, and at most 200 UTF-16
 * units (the contract allows 255) without splitting a character.
 */
export const requestFileName = (name: string): string => {
  let out = '';
  for (const c of name) {
    const code = c.charCodeAt(0);
    const safe = code < 0x20 || code === 0x7f || c === '/' || c === '\\' ? '_' : c;
    if (out.length + safe.length > 200) break;
    out += safe;
  }
  const trimmed = out.trim();
  return trimmed.length > 0 ? trimmed : 'file';
};

/** The contract's ContentType (no parameters); an unknown type travels as octet-stream. */
export const requestContentType = (type: string): string => {
  const bare = (type.split(';')[0] ?? '').trim();
  return /^[A-Za-z0-9][\w.+-]{0,63}\/[A-Za-z0-9][\w.+-]{0,127}$/.test(bare)
    ? bare
    : 'application/octet-stream';
};

const encodeRequest = <A>(codec: t.Type<A, unknown, unknown>, raw: unknown): A => {
  const decoded = codec.decode(raw);
  if (E.isLeft(decoded)) throw new Broken('uploadError', false);
  return decoded.right;
};

/** The answer of one call, or a `Refused` error (a call that ends without an answer is one too). */
const answer = <A>(call$: Observable<ApiResult<A>>): Observable<A> =>
  call$.pipe(
    take(1),
    throwIfEmpty(
      () => new Refused({ kind: 'network', path: '', message: 'the call ended without an answer' }),
    ),
    mergeMap((r) => (E.isRight(r) ? of(r.right) : throwError(() => new Refused(r.left)))),
  );

export const runUpload = (
  cmd: StartUploadPayload,
  mode: 'start' | 'resume',
  env: UploadRunEnv,
): Observable<Action> =>
  defer(() => {
    const { deps, guest } = env;
    const up = deps.uploads;
    const file = cmd.file;
    const field = cmd.field;
    const kind = uploads.uploadKindOf(file.type);
    const route = routeOf(kind);
    const category = cmd.category ?? uploads.DEFAULT_UPLOAD_CATEGORY;

    const notice = (
      messageKey: string,
      values: Readonly<Record<string, number>> = {},
      level: notices.NoticeLevel = 'error',
    ): Action => notices.toastRaised({ id: deps.ids(), level, messageKey, values });

    const validation = uploads.validateUpload({ size: file.size, kind, mime: file.type });
    if (validation.kind === 'rejected')
      return from(validation.messageKeys.map((key) => notice(key, validation.values, 'warning')));

    const model = new UploadModel(deps.ids(), deps.clock.now);
    const { emit } = model;
    const id = model.id;
    let record: ResumeRecord | null = null;
    /** Set once signed (or resumed): whether each chunk's URL is asked again with its digest. */
    let signChunks = false;

    // ---- the kept file (issue 13): one step after another, a failed one costing only the keeping
    let keeping: PromiseLike<unknown> = settled(undefined);
    const keepStep = (step: () => PromiseLike<unknown>) => {
      keeping = keeping.then(step).then(undefined, () => undefined);
    };
    /** Kept files no remembered upload needs, and the oldest past the byte limit, go. */
    const keepInStep = () =>
      keepStep(() =>
        up.keptFiles.list().then((kept) => {
          const live = new Set(readAllResume(up.storage).map((r) => r.fileId));
          const drop = uploads.keptFilesToDrop(kept, live);
          return drop.length === 0 ? undefined : up.keptFiles.remove(drop);
        }),
      );
    const keepFile = (key: string, source: UploadFileHandle) => {
      if (!uploads.mayKeepFile(source.size)) return;
      keepStep(() => up.keptFiles.put(key, source, deps.clock.now()));
      keepInStep();
    };

    const forget = () => {
      const gone = [...clearResume(up.storage, identityOf(file)), ...(record ? [record.fileId] : [])];
      record = null;
      if (gone.length > 0) keepStep(() => up.keptFiles.remove([...new Set(gone)]));
    };

    // ---- preparation (images): spec §5 compression toward 2 MB, EXIF stripped

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
      return attempt(uploads.FIRST_COMPRESSION_QUALITY).pipe(
        catchError((err: unknown) =>
          throwError(() => (err instanceof Broken ? err : new Broken('uploadError', false))),
        ),
      );
    };

    /**
     * Issue 21: an image meant as a task's input that is over the task's limit is scaled down to
     * it (`uploads.fitWithin`, aspect ratio kept) and re-encoded as JPEG through the same quality
     * plan; a GIF's first frame is what the engines read, so it goes the same way. One that fits,
     * or whose size cannot be read, goes on as any image does (the server says what is wrong).
     */
    const prepare$ = (): Observable<UploadFileHandle> => {
      if (kind !== 'image') return of(file);
      const how = uploads.compressionKind(file.type);
      if (how === 'none') return of(file);
      const limit = cmd.pixelLimit;
      if (limit === undefined) return prepareAsIs$(how);
      return from(up.measureImage(file)).pipe(
        catchError(() => of(null)),
        mergeMap((size) => {
          if (size === null) return prepareAsIs$(how);
          const fitted = uploads.fitWithin(size, limit);
          return fitted.width === size.width && fitted.height === size.height
            ? prepareAsIs$(how)
            : compress$(up.compressImage, file, fitted);
        }),
      );
    };

    const prepareAsIs$ = (how: uploads.CompressionKind): Observable<UploadFileHandle> => {
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
        catchError((err: unknown) =>
          throwError(() => (err instanceof Broken ? err : new Broken('uploadError', false))),
        ),
      );
    };

    // ---- signing (spec §7 config / pre-sign / audio pre-config)

    const sign$ = (source: UploadFileHandle): Observable<Signed> =>
      defer(() => {
        const common = {
          file_size: source.size,
          file_name: requestFileName(source.name),
          content_type: requestContentType(source.type),
        };
        const chunk = up.chunkBytes === null ? {} : { chunk_size: up.chunkBytes };
        switch (route) {
          case 'image':
            return answer(up.api.preSign(encodeRequest(UploadPreSignRequest, { ...common, category }))).pipe(
              map((r): Signed => ({
                fileId: r.file_id,
                preSigns: [r.pre_sign],
                chunkSize: Math.max(1, source.size),
                expiresAt: r.expires_at,
                signChunks: r.sign_chunks === true,
              })),
            );
          case 'file':
            return answer(
              up.api.config(encodeRequest(UploadConfigRequest, { ...common, category, ...chunk })),
            ).pipe(
              map((r): Signed => ({
                fileId: r.file_id,
                preSigns: r.pre_signs,
                chunkSize: r.chunk_size,
                expiresAt: r.expires_at,
                signChunks: r.sign_chunks === true,
              })),
            );
          case 'audio':
            return answer(
              up.api.audioPreConfig(encodeRequest(AudioPreConfigRequest, { ...common, ...chunk })),
            ).pipe(
              map((r): Signed => ({
                fileId: r.file_id,
                preSigns: r.pre_signs,
                chunkSize: r.chunk_size,
                expiresAt: r.expires_at,
                signChunks: r.sign_chunks === true,
              })),
            );
        }
      }).pipe(
        tap((signed) => {
          if (signed.preSigns.length !== uploads.planChunks(source.size, signed.chunkSize).length)
            throw new Broken('uploadError', false);
        }),
      );

    // ---- chunk verification (spec §4 "each PUT and verified"): chunk check, or audio chunk confirm

    /** Spec §4 "audio is uploaded direct or chunked": a direct upload is verified by its confirm. */
    const verifyCall = (
      size: number,
      chunkSize: number,
    ): ((req: ChunkCheckRequest) => Observable<ApiResult<ChunkCheckResponse>>) | null =>
      route === 'file'
        ? up.api.checkChunk
        : route === 'audio' && uploads.uploadMode(size, chunkSize) === 'chunked'
          ? up.api.audioChunkConfirm
          : null;

    const checkRequest = (fileId: string, url: string): ChunkCheckRequest =>
      encodeRequest(ChunkCheckRequest, { file_id: fileId, pre_sign_url: url });

    const arrived = (r: ChunkCheckResponse, slice: uploads.ChunkSlice): boolean =>
      r.received && r.size === slice.end - slice.start;

    /** A call's refusal ends the upload; a server fault or no answer is a chunk failure. */
    const chunkCall = <A>(call$: Observable<ApiResult<A>>): Observable<A | null> =>
      call$.pipe(
        take(1),
        mergeMap((r) =>
          E.isRight(r)
            ? of(r.right)
            : r.left.kind === 'api' && !uploads.isServerFault(r.left.code)
              ? throwError(() => new Refused(r.left))
              : of(null),
        ),
      );

    /** Where this chunk's bytes go: its signed URL, or (sign_chunks) one with their digest signed in. */
    const putUrl$ = (fileId: string, url: string, contentMd5: string): Observable<string | null> =>
      signChunks
        ? chunkCall(
            up.api.signChunk(
              encodeRequest(ChunkSignRequest, {
                file_id: fileId,
                pre_sign_url: url,
                content_md5: contentMd5,
              }),
            ),
          ).pipe(map((r) => r?.url ?? null))
        : of(url);

    // ---- the chunks: rounds over the unconfirmed ones, each chunk with its retry budget

    const saveProgress = () => {
      const phase = model.pending();
      if (record === null || phase === null) return;
      record = {
        ...record,
        confirmed: phase.chunks.filter((c) => c.status === 'confirmed').map((c) => c.index),
      };
      writeResume(up.storage, record, deps.clock.now());
    };

    const chunk$ = (source: UploadFileHandle, index: number, host: string): Observable<Action> => {
      const timeoutMs = route === 'image' ? uploads.IMAGE_UPLOAD_TIMEOUT_MS : uploads.CHUNK_TIMEOUT_MS;

      /** A failed try; `retryAfterMs` is the wait the server asked for, if it did. */
      const failure$ = (retryAfterMs: number | null): Observable<Action> =>
        defer(() => {
          const failed = emit(uploads.chunkFailed({ id, index }));
          const upload = model.upload();
          const step = upload
            ? uploads.nextStepAfterChunkFailure(upload, index, retryAfterMs)
            : ({ kind: 'ignore' } as const);
          switch (step.kind) {
            case 'retryChunk':
              return concat(of(failed), timer(step.delayMs, deps.scheduler).pipe(mergeMap(() => attempt$())));
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

      const attempt$ = (): Observable<Action> =>
        defer(() => {
          const phase = model.pending();
          const slice = phase?.chunks[index];
          const url = phase?.preSigns[index];
          if (!phase || !slice || url === undefined || slice.status === 'confirmed') return EMPTY;
          const verify = verifyCall(source.size, phase.chunkSize);
          const sent = emit(uploads.chunkSent({ id, index }));
          const try$: Observable<TryOutcome> = from(source.slice(slice.start, slice.end)).pipe(
            mergeMap((bytes) => from(up.contentMd5(bytes)).pipe(map((md5) => ({ bytes, md5 })))),
            mergeMap(({ bytes, md5 }) =>
              putUrl$(phase.fileId, url, md5).pipe(
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
          // The chunk timeout (spec §9, 60 s) is armed before the PUT goes out, so it ends the try
          // at exactly its time: an answer in the same millisecond is already too late (issue 25).
          const outcome$ = race(timer(timeoutMs, deps.scheduler).pipe(map(() => LOST)), try$);
          return concat(
            of(sent),
            outcome$.pipe(
              mergeMap(({ ok, retryAfterMs }) => {
                if (!ok) return failure$(retryAfterMs);
                const confirmed = emit(uploads.chunkConfirmed({ id, index }));
                saveProgress();
                return of(confirmed);
              }),
            ),
          );
        });

      return attempt$();
    };

    const rounds$ = (source: UploadFileHandle): Observable<Action> =>
      defer(() => {
        const upload = model.upload();
        const phase = model.pending();
        const first = upload ? uploads.firstUnconfirmedChunk(upload) : null;
        if (!phase || first === null) return EMPTY;
        const host = phase.hostReloads === 0 ? up.hosts.primary : up.hosts.alternate;
        const todo = phase.chunks
          .filter((c) => c.index >= first.index && c.status !== 'confirmed')
          .map((c) => c.index);
        return from(todo).pipe(
          mergeMap((index) => chunk$(source, index, host), Math.max(1, up.parallelChunks)),
        );
      }).pipe(
        catchError((err: unknown) =>
          err instanceof HostReload
            ? concat(
                defer(() => of(emit(uploads.hostReloaded({ id })))),
                rounds$(source),
              )
            : throwError(() => err),
        ),
      );

    // ---- confirm (spec §4: status 0 is done; 403, 406 and any other status are failures)

    const finish = (
      status: number,
      url: string | null,
      width: number | null,
      height: number | null,
    ): Observable<Action> => {
      const outcome = uploads.interpretConfirm(status);
      if (outcome.kind === 'failed') {
        forget();
        const messageKey = uploads.uploadFailureMessageKey(outcome.status);
        return of(emit(uploads.uploadFailed({ id, code: outcome.status, messageKey })), notice(messageKey));
      }
      if (url === null) throw new Broken('uploadError', false);
      forget();
      const done: Action[] = [emit(uploads.uploadConfirmed({ id, url, width, height }))];
      const shown = model.upload()?.file;
      if (guest)
        done.push(
          uploads.guestUploadKept({
            field,
            upload: {
              url,
              width: width ?? 0,
              height: height ?? 0,
              category,
              ...(shown === undefined ? {} : { name: shown.name, size: shown.size, mime: shown.mime }),
            },
          }),
        );
      return from(done);
    };

    const confirm$ = (): Observable<Action> =>
      defer(() => {
        const upload = model.upload();
        const phase = model.pending();
        if (!upload || !phase || uploads.firstUnconfirmedChunk(upload) !== null)
          throw new Broken('uploadError', true);
        const fileId = phase.fileId;
        switch (route) {
          case 'file':
            return answer(up.api.confirmFile(encodeRequest(FileConfirmRequest, { file_id: fileId }))).pipe(
              mergeMap((r) => finish(r.status, r.url, null, null)),
            );
          case 'audio':
            return answer(
              up.api.audioFileConfirm(encodeRequest(FileConfirmRequest, { file_id: fileId })),
            ).pipe(mergeMap((r) => finish(r.status, r.url, null, null)));
          case 'image':
            return answer(
              up.api.confirmImage(
                encodeRequest(ImageConfirmRequest, {
                  file_id: fileId,
                  category,
                  ...(cmd.subCategory === undefined ? {} : { sub_category: cmd.subCategory }),
                }),
              ),
            ).pipe(mergeMap((r) => finish(r.status, r.url, r.width, r.height)));
        }
      });

    // ---- the paths: fresh, or resumed from a record of this slot

    const startedEvent = (source: UploadFileHandle, resumeOf?: string) =>
      emit(
        uploads.uploadStarted({
          id,
          field,
          file: { name: source.name, size: source.size, mime: source.type, kind },
          guest,
          ...(resumeOf === undefined ? {} : { resumeOf }),
          ...(resumeOf !== undefined && cmd.afterReload === true ? { afterReload: true } : {}),
        }),
      );

    const signedEvent = (signed: Signed) =>
      emit(
        uploads.uploadSigned({
          id,
          fileId: signed.fileId,
          preSigns: signed.preSigns,
          chunkSize: signed.chunkSize,
        }),
      );

    const fresh$ = (): Observable<Action> =>
      prepare$().pipe(
        mergeMap((source) =>
          concat(
            of(startedEvent(source)),
            sign$(source).pipe(
              mergeMap((signed) => {
                const actions = of(signedEvent(signed));
                signChunks = signed.signChunks;
                if (route !== 'image' && signed.preSigns.length > 1) {
                  record = {
                    version: 1,
                    field,
                    route,
                    fileId: signed.fileId,
                    preSigns: [...signed.preSigns],
                    chunkSize: signed.chunkSize,
                    confirmed: [],
                    file: identityOf(source),
                    category,
                    guest,
                    expiresAt: signed.expiresAt,
                    account: env.account,
                    ...(signed.signChunks ? { signChunks: true } : {}),
                  };
                  writeResume(up.storage, record, deps.clock.now());
                  // Issue 13: the file is kept while its upload runs, so a reload does not stop it.
                  keepFile(signed.fileId, source);
                }
                return concat(actions, rounds$(source), confirm$());
              }),
            ),
          ),
        ),
      );

    const resumed$ = (saved: ResumeRecord): Observable<Action> => {
      const plan = uploads.planChunks(file.size, saved.chunkSize);
      const verify = verifyCall(file.size, saved.chunkSize) ?? up.api.checkChunk;
      if (plan.length !== saved.preSigns.length) {
        forget();
        return fresh$();
      }
      return from(saved.preSigns.map((url, index) => ({ url, index }))).pipe(
        concatMap(({ url, index }) =>
          verify(checkRequest(saved.fileId, url)).pipe(
            take(1),
            map((result) => ({ index, result })),
          ),
        ),
        toArray(),
        mergeMap((checks) => {
          // The server no longer knows the upload (expired, another account): start again.
          if (checks.some((c) => E.isLeft(c.result) && c.result.left.kind === 'api')) {
            forget();
            return fresh$();
          }
          const received = checks.filter((c) => {
            const slice = plan[c.index];
            return slice !== undefined && E.isRight(c.result) && arrived(c.result.right, slice);
          });
          record = { ...saved, field, account: saved.account ?? env.account };
          // Picked again: kept again (the device may have dropped it); going on by itself: kept already.
          if (cmd.afterReload !== true) keepFile(saved.fileId, file);
          const signed: Signed = {
            fileId: saved.fileId,
            preSigns: saved.preSigns,
            chunkSize: saved.chunkSize,
            expiresAt: saved.expiresAt,
            signChunks: saved.signChunks === true,
          };
          signChunks = signed.signChunks;
          const head: Action[] = [
            startedEvent(file, saved.fileId),
            signedEvent(signed),
            ...received.map((c) => emit(uploads.chunkConfirmed({ id, index: c.index }))),
          ];
          saveProgress();
          return concat(from(head), rounds$(file), confirm$());
        }),
      );
    };

    // ---- how a run ends

    const terminal$ = (err: unknown): Observable<Action> => {
      const running = model.running();
      if (err instanceof Refused) {
        const failure = err.failure;
        if (failure.kind === 'api') {
          forget();
          const failed = running
            ? [
                emit(
                  uploads.uploadFailed({
                    id,
                    code: failure.code,
                    messageKey: uploads.uploadFailureMessageKey(failure.code),
                  }),
                ),
              ]
            : [];
          // Spec §8 "code 20000 in an upload reason queues guest files": sent again after login.
          if (uploads.queuesGuestFiles(failure.code))
            return from([
              ...failed,
              queueGuestFile(cmd),
              notices.dialogOpened({ name: 'login', variant: null }),
            ]);
          return from([...failed, reportApiFailure({ failure })]);
        }
        return from([
          ...(running ? [emit(uploads.uploadErrored({ id, messageKey: 'uploadError' }))] : []),
          reportApiFailure({ failure }),
        ]);
      }
      const broken = err instanceof Broken ? err : new Broken('uploadError', true);
      if (!broken.keepResume) forget();
      return from([
        ...(running ? [emit(uploads.uploadErrored({ id, messageKey: broken.messageKey }))] : []),
        notice(broken.messageKey),
      ]);
    };

    // The record is found by the file, not the slot: picked again after a reload, into any slot.
    const saved = route === 'image' ? null : readResume(up.storage, identityOf(file), deps.clock.now());
    const canResume =
      mode === 'resume' &&
      saved !== null &&
      saved.route === route &&
      saved.guest === guest &&
      saved.category === category;
    if (!canResume) forget();
    const body$ = canResume && saved !== null ? resumed$(saved) : fresh$();

    let cancelled = false;
    return concat(
      body$.pipe(
        catchError((err: unknown) => terminal$(err)),
        takeUntil(
          env.cancel$.pipe(
            take(1),
            tap(() => {
              cancelled = true;
            }),
          ),
        ),
      ),
      defer(() => {
        if (cancelled) {
          forget();
          return model.running()
            ? of(
                emit(uploads.uploadErrored({ id, messageKey: 'uploadCancelled' })),
                uploads.uploadDismissed({ id }),
              )
            : EMPTY;
        }
        // A run never ends with its upload still running: the slot would stay busy for good.
        return model.running() ? terminal$(new Broken('uploadError', true)) : EMPTY;
      }),
    );
  });
