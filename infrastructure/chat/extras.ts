/**
 * What a conversation offers around its messages: the online-search toggle and the second
 * instructions (spec §7 named calls), deleting a message with an undo window, and the voice of
 * replies over the SSE audio stream (spec §7; spec §3 support_voice).
 *
 * - delete: the message is hidden at once (`messageDeleteRequested`); the call goes out only
 *   when the undo window (chat.DELETE_UNDO_MS) has passed without an undo; a refusal shows it
 *   again and goes through the error map. Each message has its own window. While it runs the
 *   delete is kept locally (./pendingDeletes.ts), so a page closed inside it still deletes.
 * - voice: asking for a reply's voice records `voiceRequested` and starts a text-to-speech stream
 *   of the reply in the character's voice; it plays chunk by chunk as the stream arrives. A reply
 *   that finishes streaming while voice replies are on, for a character that speaks, asks for it.
 */
import * as E from 'fp-ts/Either';
import {
  EMPTY,
  concat,
  exhaustMap,
  filter,
  groupBy,
  map,
  mergeMap,
  of,
  race,
  switchMap,
  take,
  tap,
  timer,
} from 'rxjs';
import { characters, chat } from '../../domain/index.js';
import {
  ChatInstructionsRequest,
  ChatMessageDeleteRequest,
  ChatOnlineSearchRequest,
} from '../contract/characters';
import { TTS_TEXT_MAX } from '../contract/streaming';
import type { Action, AppEpic } from '../epics/types';
import { reportApiFailure } from '../notices/commands';
import { toSettingsChanged } from './protocol';
import { startAudioStream, stopAudioStream } from '../streaming/commands';
import {
  deleteChatMessage,
  playChatVoice,
  saveInstructions,
  setOnlineSearch,
  setVoiceReplies,
  undoDeleteChatMessage,
} from './commands';
import { dropPendingDelete, keepPendingDelete } from './pendingDeletes';

const openSession = (s: chat.ChatState): string | null => (s.status === 'open' ? s.sessionId : null);

export const onlineSearchEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(setOnlineSearch.match),
    switchMap(({ payload }) => {
      const sessionId = openSession(state$.value.chat);
      if (sessionId === null) return EMPTY;
      const request = ChatOnlineSearchRequest.decode({
        session_id: sessionId,
        on_line_search: payload.enabled,
      });
      if (E.isLeft(request)) return EMPTY;
      const before = chat.selectChatSettings(state$.value.chat);
      // Shown at once; put back when the server refuses.
      const optimistic = chat.settingsChanged({ ...before, sessionId, onlineSearch: payload.enabled });
      return concat(
        of<Action[]>(optimistic),
        deps.chat.api
          .setOnlineSearch(request.right)
          .pipe(
            mergeMap((result) =>
              E.isLeft(result)
                ? of<Action[]>(
                    chat.settingsChanged({ ...before, sessionId }),
                    reportApiFailure({ failure: result.left }),
                  )
                : of<Action[]>(toSettingsChanged(result.right)),
            ),
          ),
      );
    }),
  );

export const instructionsEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(saveInstructions.match),
    exhaustMap(({ payload }) => {
      const sessionId = openSession(state$.value.chat);
      if (sessionId === null) return EMPTY;
      const request = ChatInstructionsRequest.decode({
        session_id: sessionId,
        title: payload.title,
        content: payload.content,
      });
      if (E.isLeft(request)) return EMPTY;
      return deps.chat.api
        .saveInstructions(request.right)
        .pipe(
          map((result): Action =>
            E.isLeft(result) ? reportApiFailure({ failure: result.left }) : toSettingsChanged(result.right),
          ),
        );
    }),
  );

export const deleteChatMessageEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(deleteChatMessage.match),
    groupBy((a) => a.payload.clientId),
    mergeMap((byMessage$) =>
      byMessage$.pipe(
        exhaustMap(({ payload }) => {
          const s = state$.value.chat;
          if (s.status !== 'open') return EMPTY;
          const { sessionId } = s;
          const { clientId } = payload;
          const m = s.messages.find((x) => x.clientId === clientId);
          if (m === undefined || m.serverId === null || !chat.canDeleteMessage(m)) return EMPTY;
          const request = ChatMessageDeleteRequest.decode({ session_id: sessionId, id: m.serverId });
          if (E.isLeft(request)) return EMPTY;
          const ref = { sessionId, clientId };
          const session = state$.value.session;
          const accountId = session.status === 'signedIn' ? session.user.id : null;
          const storage = deps.platform.storage;
          const settled = () => {
            if (accountId !== null) dropPendingDelete(storage, accountId, request.right);
          };
          const undone$ = action$.pipe(
            filter((a) => undoDeleteChatMessage.match(a) && a.payload.clientId === clientId),
            take(1),
            tap(settled),
            map((): Action => chat.messageDeleteUndone(ref)),
          );
          const send$ = timer(chat.DELETE_UNDO_MS, deps.scheduler).pipe(
            mergeMap(() => deps.chat.api.deleteChatMessage(request.right)),
            tap(settled),
            mergeMap((result) =>
              E.isLeft(result)
                ? of<Action[]>(chat.messageDeleteUndone(ref), reportApiFailure({ failure: result.left }))
                : of<Action[]>(chat.messageDeleted(ref)),
            ),
          );
          if (accountId !== null) keepPendingDelete(storage, accountId, request.right);
          return concat(of<Action[]>(chat.messageDeleteRequested(ref)), race(undone$, send$));
        }),
      ),
    ),
  );

/** The character of the open chat (its channel), when known. */
const chatCharacter = (state: {
  readonly chat: chat.ChatState;
  readonly characters: characters.CharactersState;
}): characters.ChatCharacter | null =>
  state.chat.status === 'open' ? characters.selectCharacter(state.characters, state.chat.channelId) : null;

export const playChatVoiceEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(playChatVoice.match),
    mergeMap(({ payload }) => {
      const s = state$.value;
      if (s.chat.status !== 'open') return EMPTY;
      const m = s.chat.messages.find((x) => x.clientId === payload.clientId);
      const character = chatCharacter(s);
      if (m === undefined || !chat.canSpeakMessage(m) || character?.supportVoice !== true) return EMPTY;
      const text = chat.voiceTextOf(m.content, TTS_TEXT_MAX);
      if (text === null) return EMPTY;
      return of<Action[]>(
        chat.voiceRequested({ sessionId: s.chat.sessionId, clientId: m.clientId }),
        startAudioStream({
          source: { kind: 'tts', text, ...(character.voice === undefined ? {} : { voice: character.voice }) },
        }),
      );
    }),
  );

/** A reply that finishes while the person watches is spoken when voice replies are on. */
export const autoVoiceEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(chat.replyFinished.match),
    filter(
      () => chat.selectVoiceReplies(state$.value.chat) && chatCharacter(state$.value)?.supportVoice === true,
    ),
    map(({ payload }) => playChatVoice({ clientId: payload.clientId })),
  );

export const voiceRepliesEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(setVoiceReplies.match),
    mergeMap(({ payload }) => {
      const sessionId = openSession(state$.value.chat);
      return sessionId === null
        ? EMPTY
        : of(chat.voiceRepliesChosen({ sessionId, enabled: payload.enabled }));
    }),
  );

/**
 * A reply's voice plays as its stream arrives (the streaming module's playback); a chat that
 * closes stops the voice it was speaking.
 */
export const stopVoiceEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(chat.sessionClosed.match),
    filter(() => state$.value.audio.status !== 'idle'),
    map(() => stopAudioStream({})),
  );

export const chatExtrasEpics = [
  onlineSearchEpic,
  instructionsEpic,
  deleteChatMessageEpic,
  playChatVoiceEpic,
  autoVoiceEpic,
  voiceRepliesEpic,
  stopVoiceEpic,
] as const;
