/**
 * Upload epics (spec §4, §5, §8, §9):
 * - `uploads/start` and `uploads/resume` run one upload per slot (transfer.ts); a second
 *   command for a slot whose upload runs is ignored (spec §5), `uploads/cancel` stops it.
 * - Guest uploads are kept locally per slot (spec §3) and saved to the account after login.
 * - Files refused with code 20000 are queued and uploaded again after login (spec §8).
 */
import * as E from 'fp-ts/Either';
import {
  EMPTY,
  concatMap,
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
  take,
  tap,
} from 'rxjs';
import { session, uploads } from '../../domain/index.js';
import { GuestFieldItem, GuestFieldsSaveRequest } from '../contract/uploads';
import type { AppEpic, Action } from '../epics/types';
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
import { readGuestKept, writeGuestKept } from './records';
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
          const cancel$ = action$.pipe(
            filter(cancelUpload.match),
            filter((c) => c.payload.field === field),
          );
          return runUpload(command.payload, resumeUpload.match(command) ? 'resume' : 'start', {
            deps,
            guest: state$.value.session.status === 'guest',
            cancel$,
          });
        }),
      ),
    ),
  );

/** Spec §3: the guest uploads kept before the page was closed come back with the app. */
export const restoreGuestUploadsEpic: AppEpic = (action$, state$, { uploads: up }) =>
  action$.pipe(
    filter(appStarted.match),
    mergeMap(() =>
      from(
        readGuestKept(up.storage).flatMap((g) =>
          g.uploads
            .filter(
              (u) => !uploads.selectGuestUploads(state$.value.uploads, g.field).some((k) => k.url === u.url),
            )
            .map((upload) => uploads.guestUploadKept({ field: g.field, upload })),
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
export const removeUploadEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(removeUpload.match),
    mergeMap(({ payload }) => {
      const upload = state$.value.uploads.byId[payload.id];
      if (!upload) return EMPTY;
      const dismiss = uploads.uploadDismissed({ id: payload.id });
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

export const uploadsEpics: readonly AppEpic[] = [
  removeUploadEpic,
  uploadEpic,
  restoreGuestUploadsEpic,
  persistGuestUploadsEpic,
  saveGuestUploadsEpic,
  guestQueueEpic,
];
