/**
 * A chat message's delete waits out its undo window (chat.DELETE_UNDO_MS) before it is sent. A
 * page closed or reloaded inside the window can no longer undo it, so the delete must still go:
 * while its window runs it is kept in local storage under the account, and at the next start
 * the same account's kept deletes are sent (once; a network failure keeps it for the start after).
 * Another account's copy, or one that does not decode, is dropped. Not on the logout whitelist.
 *
 * The resume epic is a core one: the chat's own epics load only with a chat page.
 */
import * as E from 'fp-ts/Either';
import { EMPTY, concatMap, filter, from, ignoreElements, mergeMap, take, tap } from 'rxjs';
import { ChatMessageDeleteRequest } from '../contract/characters';
import type { AppEpic } from '../epics/types';
import { localStateRestored } from '../platform/commands';
import { accountRequests, type LocalStore } from '../platform/storage';

export const CHAT_PENDING_DELETES_KEY = 'chat_pending_deletes';

const kept = accountRequests<ChatMessageDeleteRequest>(CHAT_PENDING_DELETES_KEY, ChatMessageDeleteRequest);

const sameRequest = (a: ChatMessageDeleteRequest, b: ChatMessageDeleteRequest) =>
  a.session_id === b.session_id && a.id === b.id;

/** The kept deletes of `accountId`, oldest first; none when another account's or unreadable. */
export const readPendingDeletes = (
  storage: LocalStore,
  accountId: string,
): readonly ChatMessageDeleteRequest[] => kept.read(storage, accountId);

/** Its undo window has started: kept until it is undone or answered. */
export const keepPendingDelete = (
  storage: LocalStore,
  accountId: string,
  request: ChatMessageDeleteRequest,
): void =>
  kept.write(storage, accountId, [
    ...kept.read(storage, accountId).filter((r) => !sameRequest(r, request)),
    request,
  ]);

/** Undone, or the server answered: no longer kept. */
export const dropPendingDelete = (
  storage: LocalStore,
  accountId: string,
  request: ChatMessageDeleteRequest,
): void =>
  kept.write(
    storage,
    accountId,
    kept.read(storage, accountId).filter((r) => !sameRequest(r, request)),
  );

/** At start, with the restored session: the deletes a closed page left inside their window go now. */
export const resumePendingDeletesEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(localStateRestored.match),
    take(1),
    mergeMap(() => {
      const storage = deps.platform.storage;
      const s = state$.value.session;
      const accountId = s.status === 'signedIn' ? s.user.id : null;
      const requests = accountId === null ? [] : readPendingDeletes(storage, accountId);
      if (accountId === null || requests.length === 0) {
        if (storage.get(CHAT_PENDING_DELETES_KEY) !== null) storage.remove(CHAT_PENDING_DELETES_KEY);
        return EMPTY;
      }
      return from(requests).pipe(
        concatMap((request) =>
          deps.chat.api.deleteChatMessage(request).pipe(
            tap((result) => {
              if (E.isRight(result) || result.left.kind !== 'network')
                dropPendingDelete(storage, accountId, request);
            }),
          ),
        ),
        ignoreElements(),
      );
    }),
  );
