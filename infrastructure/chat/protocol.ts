/**
 * What the chat socket's events and acknowledgements mean for the chat context, as pure functions.
 * A reply is keyed on the client by `srv:<reply id>` (chat.serverOnlyClientId), the same key a
 * history page gives it, so a reply seen streaming, then again whole (`chat:done` resent after a
 * reconnect) and again in a history page is one message. An undecodable event is reported as a
 * decode failure with its event name, never thrown.
 */
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import { chat } from '../../domain/index.js';
import type { ChatSessionSettings } from '../contract/characters';
import {
  CHAT_EVENT,
  CHAT_SOCKET_PATH,
  ChatMessagePush,
  ChatReplyDone,
  ChatReplyError,
  ChatReplyStart,
  ChatResumeAck,
  ChatSendAck,
  type ChatAttachmentItem,
  ChatSendRequest,
  ChatToken,
  type ChatMessageItem,
} from '../contract/streaming';
import type { Action } from '../epics/types';
import { decodeEnvelope } from '../http/client';
import { reportApiFailure } from '../notices/commands';

/** Reason keys this area adds (the domain names none for transport failures). */
export const CHAT_SEND_TIMEOUT = 'errors.chatSendTimeout';
export const CHAT_SEND_REFUSED = 'errors.chatSendRefused';
export const CHAT_REPLY_FAILED = 'errors.chatReplyFailed';

/** No ack within 10 s (the spec gives no figure) marks a message failed; it can be retried. */
export const CHAT_ACK_TIMEOUT_MS = 10_000;

export const chatEventPath = (event: string): string => `${CHAT_SOCKET_PATH}#${event}`;

export const toAttachment = (a: ChatAttachmentItem): chat.ChatAttachment => ({
  fileId: a.file_id,
  name: a.name,
  kind: a.kind,
  url: a.url,
  size: a.size,
});

export const toSettingsChanged = (s: ChatSessionSettings) =>
  chat.settingsChanged({
    sessionId: s.session_id,
    onlineSearch: s.on_line_search,
    instruction: s.instruction,
  });

export const toIncoming = (m: ChatMessageItem): chat.IncomingChatMessage => ({
  serverId: m.id,
  clientId: m.client_id,
  role: m.role,
  content: m.content,
  createAt: m.create_at,
  name: m.name,
  nameKey: null,
  isOfficialAgent: m.is_official_agent,
  attachments: m.attachments.map(toAttachment),
});

export const replyClientId = (replyId: string): string => chat.serverOnlyClientId(replyId);

const decodeOr = <A, O>(codec: t.Type<A, O, unknown>, event: string, payload: unknown): E.Either<Action, A> =>
  E.mapLeft((errors: t.Errors) =>
    reportApiFailure({
      failure: { kind: 'decode', path: chatEventPath(event), errors: PathReporter.report(E.left(errors)) },
    }),
  )(codec.decode(payload));

const openSessionId = (state: chat.ChatState): string | null =>
  state.status === 'open' ? state.sessionId : null;

const hasMessage = (state: chat.ChatState, clientId: string): boolean =>
  chat.selectChatMessages(state).some((m) => m.clientId === clientId);

/** The domain events one server event stands for, given the chat as it is now. */
export const chatEventToActions = (
  state: chat.ChatState,
  event: string,
  payload: unknown,
): readonly Action[] => {
  const sessionId = openSessionId(state);
  const forOpen = <A extends { readonly session_id: string }>(
    codec: t.Type<A, unknown, unknown>,
    then: (a: A, sessionId: string) => readonly Action[],
  ): readonly Action[] => {
    const decoded = decodeOr(codec, event, payload);
    if (E.isLeft(decoded)) return [decoded.left];
    // Events of a session that is not open are for another tab's chat; the history has them.
    return sessionId !== null && decoded.right.session_id === sessionId ? then(decoded.right, sessionId) : [];
  };
  switch (event) {
    case CHAT_EVENT.start:
      return forOpen(ChatReplyStart, (s, id) => [
        chat.replyStarted({
          sessionId: id,
          clientId: replyClientId(s.reply_id),
          createAt: s.create_at,
          name: s.name,
          nameKey: null,
          isOfficialAgent: s.is_official_agent,
          follows: s.reply_to,
        }),
      ]);
    case CHAT_EVENT.token:
      return forOpen(ChatToken, (tk, id) => [
        chat.tokenReceived({
          sessionId: id,
          clientId: replyClientId(tk.reply_id),
          index: tk.index,
          text: tk.token,
        }),
      ]);
    case CHAT_EVENT.done:
      return forOpen(ChatReplyDone, (d, id) =>
        hasMessage(state, replyClientId(d.reply_id))
          ? [
              chat.replyFinished({
                sessionId: id,
                clientId: replyClientId(d.reply_id),
                serverId: d.reply_id,
                content: d.content,
              }),
            ]
          : [
              // A reply whose start this client never saw (it was offline): taken whole.
              chat.messageReceived({
                sessionId: id,
                message: {
                  serverId: d.reply_id,
                  clientId: null,
                  role: 'assistant',
                  content: d.content,
                  createAt: d.create_at,
                  name: d.name,
                  nameKey: null,
                  isOfficialAgent: d.is_official_agent,
                  follows: d.reply_to,
                },
              }),
            ],
      );
    case CHAT_EVENT.message: {
      const decoded = decodeOr(ChatMessagePush, event, payload);
      if (E.isLeft(decoded)) return [decoded.left];
      const m = decoded.right.message;
      return sessionId !== null && m.session_id === sessionId
        ? [chat.messageReceived({ sessionId, message: toIncoming(m) })]
        : [];
    }
    case CHAT_EVENT.error:
      return forOpen(ChatReplyError, (e, id) => [
        chat.replyFailed({
          sessionId: id,
          clientId: replyClientId(e.reply_id),
          reasonKey: CHAT_REPLY_FAILED,
        }),
      ]);
    default:
      return [];
  }
};

/** The `chat:send` payload for a user message of the open session, or null when there is none. */
export const sendRequestOf = (state: chat.ChatState, clientId: string): ChatSendRequest | null => {
  if (state.status !== 'open') return null;
  const m = state.messages.find((x) => x.clientId === clientId && x.role === 'user');
  if (m === undefined) return null;
  const request = ChatSendRequest.decode({
    client_id: clientId,
    session_id: state.sessionId,
    character_id: state.channelId,
    content: m.content,
    ...(m.attachments.length > 0 ? { attachment_ids: m.attachments.map((a) => a.fileId) } : {}),
  });
  return E.isRight(request) ? request.right : null;
};

/** The events an acknowledgement stands for: acknowledged, or failed with the error map's report. */
export const ackToActions = (sessionId: string, clientId: string, ack: unknown): readonly Action[] => {
  const path = chatEventPath(CHAT_EVENT.send);
  const result = decodeEnvelope(path, ack, ChatSendAck);
  if (E.isRight(result) && result.right.client_id === clientId)
    return [chat.messageAcknowledged({ sessionId, clientId, serverId: result.right.id })];
  const failure = E.isLeft(result)
    ? result.left
    : ({ kind: 'decode', path, errors: ['the ack names another message'] } as const);
  return [
    reportApiFailure({ failure }),
    chat.messageFailed({ sessionId, clientId, reasonKey: CHAT_SEND_REFUSED }),
  ];
};

/**
 * The events the ack of `chat:resume` stands for: each reply still being written starts (or is
 * already shown) and takes every token sent so far; the tokens still to come arrive as
 * `chat:token`. The reply's key is the one its live tokens and its history entry use, and the
 * domain takes each token index once, so a reply caught up this way is shown once.
 */
export const resumeAckToActions = (sessionId: string, ack: unknown): readonly Action[] => {
  const path = chatEventPath(CHAT_EVENT.resume);
  const result = decodeEnvelope(path, ack, ChatResumeAck);
  if (E.isLeft(result)) return [reportApiFailure({ failure: result.left })];
  return result.right.replies
    .filter((r) => r.session_id === sessionId)
    .flatMap((r): Action[] => {
      const clientId = replyClientId(r.reply_id);
      return [
        chat.replyStarted({
          sessionId,
          clientId,
          createAt: r.create_at,
          name: r.name,
          nameKey: null,
          isOfficialAgent: r.is_official_agent,
          follows: r.reply_to,
        }),
        ...r.tokens.map((text, index) => chat.tokenReceived({ sessionId, clientId, index, text })),
      ];
    });
};
