/**
 * Chat epics (spec §7 "Websocket at /im/v1", chat history; §9 pages of 100 and 80).
 *
 * - open: opens the session with a character (recorded in the directory too), then loads its latest page: 80 messages when the
 *   character keeps an initial memory (init_mem_num > 0), else 100.
 * - send: a message is recorded at once (`messageSent`, a fresh client id) and delivered by the
 *   connection; it stays `sending` until acknowledged.
 * - connection: one socket while someone is signed in (from `session/userInfoSet` until
 *   `session/loggedOut`). A drop or a failed attempt is retried after 1 s, 2 s, 4 s ... capped at
 *   30 s (backoff.ts), starting again at 1 s once connected; a refused handshake is not retried and
 *   goes through the error map. On every connection the unacknowledged messages are resent with
 *   their client ids (the server stores each client id once), and after a reconnection the latest
 *   history page is merged in, so a reply finished while offline is not lost and nothing shows twice.
 */
import * as E from 'fp-ts/Either';
import {
  EMPTY,
  Observable,
  catchError,
  concat,
  concatWith,
  defer,
  distinctUntilChanged,
  exhaustMap,
  filter,
  from,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  takeUntil,
  throwError,
  timeout,
  timer,
} from 'rxjs';
import { characters, chat, session, type RootState } from '../../domain/index.js';
import { ChatHistoryRequest } from '../contract/characters';
import { CHAT_EVENT, CHAT_SOCKET_PATH, ChatResumeRequest } from '../contract/streaming';
import type { Action, AppEpic } from '../epics/types';
import { reportApiFailure } from '../notices/commands';
import type { Dependencies } from '../store/dependencies';
import { reconnectDelay } from './backoff';
import { toChatCharacter } from '../characters/mappers';
import {
  CHAT_ACK_TIMEOUT_MS,
  CHAT_SEND_TIMEOUT,
  ackToActions,
  chatEventToActions,
  resumeAckToActions,
  sendRequestOf,
  toIncoming,
  toSettingsChanged,
} from './protocol';
import { closeChat, loadOlderChat, openChat, retryChatMessage, sendChatMessage } from './commands';
import { isChatSocketEnd, type ChatConnection, type ChatSocketEnd } from './deps';

/** One history page as `historyLoaded`, or the failure for the error map. */
const loadHistory = (
  deps: Dependencies,
  sessionId: string,
  fields: {
    readonly page_size: number;
    readonly support_voice?: boolean;
    readonly init_mem_num?: boolean;
    readonly offset_to?: string;
  },
  /** The first page or an older one: the server's has_more says whether older ones are offered. */
  pages: 'paging' | 'merge',
): Observable<Action> => {
  const request = ChatHistoryRequest.decode({ session_id: sessionId, ...fields });
  if (E.isLeft(request)) return EMPTY;
  return deps.chat.api.chatHistory(request.right).pipe(
    map((result): Action =>
      E.isLeft(result)
        ? reportApiFailure({ failure: result.left })
        : chat.historyLoaded({
            sessionId,
            messages: result.right.items.map(toIncoming),
            ...(pages === 'paging' ? { older: { hasMore: result.right.has_more } } : {}),
          }),
    ),
  );
};

export const openChatEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(openChat.match),
    switchMap(({ payload }) =>
      deps.chat.api.openChatSession({ character_id: payload.characterId }).pipe(
        mergeMap((result) => {
          if (E.isLeft(result)) return of(reportApiFailure({ failure: result.left }));
          const { session_id: sessionId, channel_id: channelId, character, settings } = result.right;
          const initMemory = character.init_mem_num > 0;
          return concat(
            of(characters.characterReceived({ character: toChatCharacter(character) })),
            of(chat.sessionOpened({ sessionId, channelId })),
            of(toSettingsChanged(settings)),
            loadHistory(
              deps,
              sessionId,
              {
                page_size: chat.historyPageSize(initMemory ? 'initMemory' : 'messages'),
                support_voice: character.support_voice,
                ...(initMemory ? { init_mem_num: true } : {}),
              },
              'paging',
            ),
          );
        }),
      ),
    ),
  );

/** The page just older than the oldest message the server has named. */
export const loadOlderChatEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(loadOlderChat.match),
    exhaustMap(() => {
      const s = state$.value.chat;
      if (s.status !== 'open') return EMPTY;
      const oldest = s.messages.find((m) => m.serverId !== null);
      if (oldest?.serverId == null) return EMPTY;
      return loadHistory(
        deps,
        s.sessionId,
        { page_size: chat.historyPageSize('messages'), offset_to: oldest.serverId },
        'paging',
      );
    }),
  );

export const closeChatEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter((a) => closeChat.match(a) || session.loggedOut.match(a)),
    filter(() => state$.value.chat.status === 'open'),
    map(() => chat.sessionClosed({})),
  );

export const sendChatMessageEpic: AppEpic = (action$, state$, { ids, clock }) =>
  action$.pipe(
    filter(sendChatMessage.match),
    mergeMap(({ payload }) => {
      const s = state$.value.chat;
      const attachments = payload.attachments ?? [];
      if (s.status !== 'open' || chat.chatSendProblem(payload.content, attachments.length) !== null)
        return EMPTY;
      return of(
        chat.messageSent({
          sessionId: s.sessionId,
          clientId: `c_${ids()}`,
          content: payload.content,
          createAt: clock.now(),
          ...(attachments.length > 0 ? { attachments } : {}),
        }),
      );
    }),
  );

const closedBy = (reason: string): ChatSocketEnd => ({ kind: 'closed', reason });

/** Delivers one user message over `connection` and turns its ack (or its silence) into events. */
const deliver = (
  connection: ChatConnection,
  state: RootState,
  clientId: string,
  deps: Dependencies,
): Observable<Action> => {
  const request = sendRequestOf(state.chat, clientId);
  if (request === null) return EMPTY;
  return connection.send(CHAT_EVENT.send, request).pipe(
    timeout({ first: CHAT_ACK_TIMEOUT_MS, scheduler: deps.scheduler }),
    mergeMap((ack) => from(ackToActions(request.session_id, clientId, ack))),
    catchError(() =>
      of(chat.messageFailed({ sessionId: request.session_id, clientId, reasonKey: CHAT_SEND_TIMEOUT })),
    ),
  );
};

/** Asks the server for the session's replies still being written (`chat:resume`). */
const resume = (connection: ChatConnection, sessionId: string, deps: Dependencies): Observable<Action> => {
  const request = ChatResumeRequest.decode({ session_id: sessionId });
  if (E.isLeft(request)) return EMPTY;
  return connection.send(CHAT_EVENT.resume, request.right).pipe(
    timeout({ first: CHAT_ACK_TIMEOUT_MS, scheduler: deps.scheduler }),
    mergeMap((ack) => from(resumeAckToActions(sessionId, ack))),
    // Nothing caught up is what the history shows; a silent resume costs no message.
    catchError(() => EMPTY),
  );
};

const connectWithBackoff: AppEpic = (action$, state$, deps) => {
  /** `failures`: attempts that failed in a row before this one. */
  const attempt = (failures: number): Observable<Action> =>
    defer(() => {
      let online = false;
      return deps.chat.connectChat({ token: deps.token.get() }).pipe(
        concatWith(throwError(() => closedBy('completed'))),
        mergeMap((signal): Observable<Action> => {
          if (signal.kind === 'event')
            return from(chatEventToActions(state$.value.chat, signal.event, signal.payload));
          online = true;
          const { connection } = signal;
          const s = state$.value;
          const resend = chat.selectMessagesToResend(s.chat).map((m) => m.clientId);
          const reconnected = failures > 0;
          return merge(
            reconnected ? of(chat.connectionRestored({})) : EMPTY,
            from(resend).pipe(mergeMap((clientId) => deliver(connection, state$.value, clientId, deps))),
            action$.pipe(
              filter((a) => chat.messageSent.match(a) || retryChatMessage.match(a)),
              mergeMap((a) =>
                deliver(connection, state$.value, (a.payload as { clientId: string }).clientId, deps),
              ),
            ),
            reconnected && s.chat.status === 'open'
              ? loadHistory(deps, s.chat.sessionId, { page_size: chat.historyPageSize('messages') }, 'merge')
              : EMPTY,
            // A reply being written when the page was reloaded, hidden or cut off is caught up:
            // on this connection for the chat open now, for every chat opened later, and each time
            // the page is shown again.
            merge(
              s.chat.status === 'open' ? of(s.chat.sessionId) : EMPTY,
              action$.pipe(
                filter(chat.sessionOpened.match),
                map((a) => a.payload.sessionId),
              ),
              (deps.chat.pageShown ?? EMPTY).pipe(
                map(() => state$.value.chat),
                filter((c) => c.status === 'open'),
                map((c) => (c.status === 'open' ? c.sessionId : '')),
              ),
            ).pipe(mergeMap((sessionId) => resume(connection, sessionId, deps))),
          );
        }),
        catchError((err: unknown) => {
          if (isChatSocketEnd(err) && err.kind === 'refused')
            return of(
              chat.connectionLost({}),
              reportApiFailure({
                failure: { kind: 'api', path: CHAT_SOCKET_PATH, code: err.code, msg: err.msg },
              }),
            );
          const streak = online ? 0 : failures;
          return concat(
            online || failures === 0 ? of(chat.connectionLost({})) : EMPTY,
            timer(reconnectDelay(streak), deps.scheduler).pipe(mergeMap(() => attempt(streak + 1))),
          );
        }),
      );
    });
  return attempt(0);
};

export const chatConnectionEpic: AppEpic = (action$, state$, deps) =>
  state$.pipe(
    map((s) => (s.session.status === 'signedIn' ? s.session.user.id : null)),
    distinctUntilChanged(),
    switchMap((userId) =>
      userId === null
        ? EMPTY
        : connectWithBackoff(action$, state$, deps).pipe(
            takeUntil(action$.pipe(filter(session.loggedOut.match))),
          ),
    ),
  );

export const chatEpics = [
  openChatEpic,
  loadOlderChatEpic,
  closeChatEpic,
  sendChatMessageEpic,
  chatConnectionEpic,
] as const;
