/**
 * Upload epics (spec §4, §5, §8, §9):
 * - `uploads/start` and `uploads/resume` run one upload per slot (transfer.ts); a second
 *   command for a slot whose upload runs is ignored (spec §5), `uploads/cancel` stops it, and an
 *   account's upload stops when that account signs out (issue 25: it went on as a guest's, writing
 *   the ended session's signed URLs back to local storage, until the server refused it).
 * - Guest uploads are kept locally per slot (spec §3) and saved to the account after login.
 * - Files refused with code 20000 are queued and uploaded again after login (spec §8).
 */
import * as E from 'fp-ts/Either';
import {
  EMPTY,
  catchError,
  concat,
  concatMap,
  defer,
  distinctUntilChanged,
  exhaustMap,
  filter,
  from,
  groupBy,
  ignoreElements,
  map,
  merge,
  mergeMap,
  of,
  scan,
  switchMap,
  take,
  tap,
  type Observable,
} from 'rxjs';
import { session, uploads } from '../../domain/index.js';
import { GuestFieldItem, GuestFieldsSaveRequest } from '../contract/uploads';
import type { AppEpic, Action } from '../epics/types';
import type { Dependencies } from '../store/dependencies';
import { appStarted } from '../store/commands';
import { reportApiFailure } from '../notices/commands';
import {
  cancelUpload,
  queueGuestFile,
  removeUpload,
  resumeUpload,
  startUpload,
  type StartUploadPayload,
} from './commands';
import {
  clearResumeOf,
  identityOf,
  readAllResume,
  readGuestKept,
  sameFile,
  writeGuestKept,
  type ResumeRecord,
} from './records';
import { sessionKnown } from '../session/commands';
import { runUpload } from './transfer';

type StartCommand = ReturnType<typeof startUpload> | ReturnType<typeof resumeUpload>;
const isStart = (a: Action): a is StartCommand => startUpload.match(a) || resumeUpload.match(a);

/** One upload per slot at a time: `exhaustMap` per slot ignores a start while one runs. */
export const uploadEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(isStart),
    groupBy((a) => a.payload.field),
    mergeMap((slot$) =>
      slot$.pipe(
        exhaustMap((command) => {
          const { field } = command.payload;
          // A run restored from a replayed log has no epic behind it; its slot stays busy.
          if (!uploads.selectCanStartUpload(state$.value.uploads, field)) return EMPTY;
          const current = state$.value.session;
          const cancel$ = merge(
            action$.pipe(
              filter(cancelUpload.match),
              filter((c) => c.payload.field === field),
            ),
            current.status === 'signedIn' ? action$.pipe(filter(session.loggedOut.match)) : EMPTY,
          );
          return runUpload(command.payload, resumeUpload.match(command) ? 'resume' : 'start', {
            deps,
            guest: current.status === 'guest',
            account: current.status === 'signedIn' ? current.user.id : null,
            cancel$,
          });
        }),
      ),
    ),
  );

/**
 * Spec §3: the guest uploads kept before the page was closed come back with the app; spec §4 "the
 * form keeps using them" (issue 21): each is back in its slot as a finished upload, so the form
 * that had it shows it and sends it, and keeps it once the sign-in has saved it to the account.
 */
export const restoreGuestUploadsEpic: AppEpic = (action$, state$, { uploads: up, ids }) =>
  action$.pipe(
    filter(appStarted.match),
    mergeMap(() =>
      from(
        readGuestKept(up.storage).flatMap((g) =>
          g.uploads
            .filter(
              (u) => !uploads.selectGuestUploads(state$.value.uploads, g.field).some((k) => k.url === u.url),
            )
            .flatMap((upload): Action[] => [
              uploads.guestUploadKept({ field: g.field, upload }),
              uploads.guestUploadRestored({ id: ids(), field: g.field, upload }),
            ]),
        ),
      ),
    ),
  );

/** The local list follows the state: written after every change (spec §3 "kept locally"). */
export const persistGuestUploadsEpic: AppEpic = (action$, state$, { uploads: up }) =>
  action$.pipe(
    filter((a) => uploads.guestUploadKept.match(a) || uploads.guestUploadsSaved.match(a)),
    tap(() => writeGuestKept(up.storage, state$.value.uploads.guestKept)),
    ignoreElements(),
  );

/** The save call takes 1..100 items (contract GuestFieldsSaveRequest). */
export const GUEST_SAVE_BATCH = 100;

const saveRequest = (batch: readonly GuestFieldItem[]): GuestFieldsSaveRequest => {
  const decoded = GuestFieldsSaveRequest.decode({ items: batch });
  // Batches are 1..100 valid items by construction; the codec only brands them.
  if (E.isLeft(decoded)) throw new Error('a guest save batch must hold 1..100 valid items');
  return decoded.right;
};

/**
 * Spec §4 "guest uploads are kept locally and saved to the personal account after login":
 * on login, the kept uploads go to the save call, 100 at a time; exactly the items a call
 * accepted leave the local list. A failed save keeps them for the next login.
 */
export const saveGuestUploadsEpic: AppEpic = (action$, state$, { uploads: up }) =>
  action$.pipe(
    filter(session.userInfoSet.match),
    exhaustMap(() => {
      const items = uploads
        .selectGuestUploadsToSave(state$.value.uploads)
        .map((u) => ({
          field: u.field,
          url: u.url,
          // A kept file that is not an image has no size; 0 stands for "unknown" locally.
          width: u.width > 0 ? u.width : null,
          height: u.height > 0 ? u.height : null,
          category: u.category,
        }))
        .filter(GuestFieldItem.is);
      if (items.length === 0) return EMPTY;
      const batches: GuestFieldItem[][] = [];
      for (let i = 0; i < items.length; i += GUEST_SAVE_BATCH)
        batches.push(items.slice(i, i + GUEST_SAVE_BATCH));
      return from(batches).pipe(
        concatMap((batch) =>
          up.api.guestFieldsSave(saveRequest(batch)).pipe(
            take(1),
            map((result): Action =>
              E.isRight(result)
                ? uploads.guestUploadsSaved({ items: batch.map((b) => ({ field: b.field, url: b.url })) })
                : reportApiFailure({ failure: result.left }),
            ),
          ),
        ),
      );
    }),
  );

/**
 * Spec §8 "code 20000 in an upload reason queues guest files": the queue keeps the latest file
 * of each slot and starts its upload again once the person has logged in.
 */
export const guestQueueEpic: AppEpic = (action$) =>
  merge(
    action$.pipe(
      filter(queueGuestFile.match),
      map((a) => ({ kind: 'queue' as const, payload: a.payload })),
    ),
    action$.pipe(
      filter(session.userInfoSet.match),
      map(() => ({ kind: 'login' as const })),
    ),
  ).pipe(
    scan(
      (
        acc: { queued: ReadonlyMap<string, StartUploadPayload>; release: readonly StartUploadPayload[] },
        input,
      ) => {
        if (input.kind === 'queue')
          return { queued: new Map(acc.queued).set(input.payload.field, input.payload), release: [] };
        return { queued: new Map(), release: [...acc.queued.values()] };
      },
      { queued: new Map(), release: [] },
    ),
    mergeMap((acc) => (acc.release.length === 0 ? EMPTY : of(...acc.release.map((p) => startUpload(p))))),
  );

/** A file leaves its uploader; a running one is cancelled and leaves once it has stopped. */
export const removeUploadEpic: AppEpic = (action$, state$, { uploads: up }) =>
  action$.pipe(
    filter(removeUpload.match),
    mergeMap(({ payload }) => {
      const upload = state$.value.uploads.byId[payload.id];
      if (!upload) return EMPTY;
      const dismiss = uploads.uploadDismissed({ id: payload.id });
      // An interrupted upload waiting for its file: removing it forgets it (and any kept file).
      if (upload.afterReload?.kind === 'pickAgain') {
        const gone = clearResumeOf(up.storage, [upload.afterReload.fileId]);
        return concat(
          from(up.keptFiles.remove([upload.afterReload.fileId, ...gone])).pipe(
            catchError(() => EMPTY),
            ignoreElements(),
          ),
          of<Action>(dismiss),
        );
      }
      if (!uploads.isRunning(upload.phase)) return of<Action>(dismiss);
      return merge(
        state$.pipe(
          filter((s) => {
            const u = s.uploads.byId[payload.id];
            return u === undefined || !uploads.isRunning(u.phase);
          }),
          take(1),
          map((): Action => dismiss),
        ),
        of<Action>(cancelUpload({ field: upload.field })),
      );
    }),
  );

/** The bytes of a remembered upload the server had confirmed, by the chunks this device saw. */
const confirmedBytesOf = (r: ResumeRecord): number =>
  uploads
    .planChunks(r.file.size, r.chunkSize)
    .filter((c) => r.confirmed.includes(c.index))
    .reduce((sum, c) => sum + (c.end - c.start), 0);

/**
 * The plan for `accountId` (null: this device's guest) over what the device remembers: kept files
 * nobody needs deleted, expired records forgotten, the account's interrupted uploads shown waiting
 * for their file or resumed with the file kept; uploads already on the page (`onPage`) left alone.
 */
const resumePlan = (
  deps: Dependencies,
  accountId: string | null,
  onPage: ReadonlySet<string>,
): Observable<Action> => {
  const { storage, keptFiles } = deps.uploads;
  const records = readAllResume(storage);
  if (records.length === 0)
    return from(keptFiles.list()).pipe(
      mergeMap((kept) => (kept.length === 0 ? EMPTY : from(keptFiles.remove(kept.map((k) => k.key))))),
      catchError(() => EMPTY),
      ignoreElements(),
    );
  return from(keptFiles.list()).pipe(
    catchError(() => of([])),
    mergeMap((kept) => {
      const plan = uploads.planAfterReload(
        records.map((r) => ({ ...r, key: r.fileId, account: r.account })),
        accountId,
        deps.clock.now(),
        new Set(kept.map((k) => k.key)),
        onPage,
      );
      clearResumeOf(
        storage,
        plan.expired.map((r) => r.fileId),
      );
      const live = new Set(readAllResume(storage).map((r) => r.fileId));
      const drop = uploads.keptFilesToDrop(kept, live);
      const interrupted = (r: ResumeRecord): Action =>
        uploads.uploadInterrupted({
          id: deps.ids(),
          field: r.field,
          file: {
            name: r.file.name,
            size: r.file.size,
            mime: r.file.type,
            kind: uploads.uploadKindOf(r.file.type),
          },
          guest: r.guest,
          fileId: r.fileId,
          confirmedBytes: confirmedBytesOf(r),
        });
      const resumed$ = from(plan.resume).pipe(
        concatMap((r) =>
          from(keptFiles.get(r.fileId)).pipe(
            catchError(() => of(null)),
            map((file): Action =>
              file === null || !sameFile(identityOf(file), r.file)
                ? interrupted(r)
                : resumeUpload({ field: r.field, file, category: r.category, afterReload: true }),
            ),
          ),
        ),
      );
      return concat(
        drop.length === 0
          ? EMPTY
          : from(keptFiles.remove(drop)).pipe(
              catchError(() => EMPTY),
              ignoreElements(),
            ),
        from(plan.pickAgain.map(interrupted)),
        resumed$,
      );
    }),
  );
};

/**
 * Issue 13 "an upload interrupted by a reload continues by itself": once the server said who
 * this is, each interrupted upload of that account (or of this device's guest) that the server
 * still holds goes on in its slot with the file the device kept, as a file picked again would
 * (the chunk checks first, then only the missing chunks); one whose file is gone shows in its
 * slot asking for the file again. Expired ones are forgotten with their files; kept files no
 * remembered upload needs, or past the byte limit, are deleted. Another account's are left alone.
 *
 * Not only at start: when someone signs in later on the same page (a guest who signs in, or
 * another person after a sign-out), that account's interrupted uploads go on the same way. The
 * rows left waiting for a file by whoever was signed in before leave the page (their records stay
 * for their owner), what was left of that plan is dropped, and uploads the page already has are
 * not planned again.
 */
export const resumeAfterReloadEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(sessionKnown.match),
    map(({ payload }) => payload.accountId),
    distinctUntilChanged(),
    switchMap((accountId, nth) =>
      concat(
        nth === 0
          ? EMPTY
          : defer(() =>
              from(
                uploads
                  .selectUploadsWaitingForFile(state$.value.uploads)
                  .map((id): Action => uploads.uploadDismissed({ id })),
              ),
            ),
        defer(() => resumePlan(deps, accountId, uploads.selectUploadKeysOnPage(state$.value.uploads))),
      ),
    ),
  );

export const uploadsEpics: readonly AppEpic[] = [
  resumeAfterReloadEpic,
  removeUploadEpic,
  uploadEpic,
  restoreGuestUploadsEpic,
  persistGuestUploadsEpic,
  saveGuestUploadsEpic,
  guestQueueEpic,
];
