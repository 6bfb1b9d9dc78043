/**
 * Streaming contract: the SSE audio stream (spec §3 "audio stream chunk: audioData in base64",
 * §4 "start, chunks in order, end", §7 "SSE audio stream with chunk and end events", §9 emotions
 * and song styles) and the chat events of the websocket at /im/v1 (spec §3 chat messages, §7).
 *
 * Choices where the spec says "not shown":
 * - Text to speech is `POST /api/v1/audio/tts/stream` `{ text, voice?, timbre_id?, emotion?, lang?,
 *   stream_id? }` and a song preview `POST /api/v1/audio/song/preview/stream` `{ style, emotion,
 *   instrument, voice?, seed?, stream_id? }`, both with the `token` header (the session). A request
 *   refused before streaming (malformed: 10400, guest: 20000) is answered with the ordinary JSON
 *   envelope; an accepted one with `text/event-stream`: `start` {stream_id, sample_rate, chunks,
 *   mime_type, duration_ms}, then `chunk` {stream_id, index, audioData} with index 0, 1, 2 ... ,
 *   then `end` {stream_id, total}; a failure after the headers went out is an `error` event
 *   {stream_id, code, msg} and ends the stream. The joined chunks are one WAV file (the first
 *   chunk starts with its RIFF header). `stream_id` is the client's when it sends one, so the
 *   client can name the stream before the server answers. `lang` is accepted and kept for a real
 *   engine; the simulated one reads every script the same way.
 * - Each `chunk` carries its index as the SSE `id`. A cut stream is resumed by sending the same
 *   request again with the header `Last-Event-ID: <index of the last whole chunk>`: the answer is
 *   chunks index+1 .. n-1 and `end`, without `start`. Only the account that started the stream,
 *   with the same request, may resume it (another account, or a stream unknown or over 10 minutes
 *   old, is answered 10404 before any byte of stream); a malformed header is 10400.
 * - The socket.io server lives at path `/im/v1` (default namespace) and authenticates the handshake
 *   with `auth.token` or the T cookie; guests are refused with `{ code: 20000 }` in the error data.
 *   Client to server: `chat:send` {client_id, session_id, character_id, content} with an ack that is
 *   an envelope `{ status, data: {id, client_id, create_at} }`. The same client_id is acknowledged
 *   with the same id and never stored twice. Server to client: `chat:start`, `chat:token` (0-based
 *   index), `chat:done` (the whole reply, which wins over the tokens), `chat:message` (a message
 *   sent from another tab of the same account) and `chat:error`.
 */
import * as t from 'io-ts';
import { Envelope } from './envelope';
import { chat } from '../../domain/index.js';

// ---- bounded values ---------------------------------------------------------------------------

interface StreamIntBrand {
  readonly StreamInt: unique symbol;
}
/** A non-negative integer (indexes, counts, epoch milliseconds). */
export const StreamInt = t.brand(
  t.number,
  (n): n is t.Branded<number, StreamIntBrand> =>
    Number.isInteger(n) && n >= 0 && n <= Number.MAX_SAFE_INTEGER,
  'StreamInt',
);
export type StreamInt = t.TypeOf<typeof StreamInt>;

interface PositiveStreamIntBrand {
  readonly PositiveStreamInt: unique symbol;
}
export const PositiveStreamInt = t.brand(
  t.number,
  (n): n is t.Branded<number, PositiveStreamIntBrand> => Number.isInteger(n) && n >= 1 && n <= 1_000_000,
  'PositiveStreamInt',
);
export type PositiveStreamInt = t.TypeOf<typeof PositiveStreamInt>;

interface StreamIdBrand {
  readonly StreamId: unique symbol;
}
/** A stream or client id: 6 to 64 characters of `[A-Za-z0-9_-]`. */
export const StreamId = t.brand(
  t.string,
  (s): s is t.Branded<string, StreamIdBrand> => /^[A-Za-z0-9_-]{6,64}$/.test(s),
  'StreamId',
);
export type StreamId = t.TypeOf<typeof StreamId>;

interface TtsTextBrand {
  readonly TtsText: unique symbol;
}
export const TTS_TEXT_MAX = 500;
/** The text to speak: 1 to 500 characters with at least one non-space. */
export const TtsText = t.brand(
  t.string,
  (s): s is t.Branded<string, TtsTextBrand> => s.trim().length > 0 && s.length <= TTS_TEXT_MAX,
  'TtsText',
);
export type TtsText = t.TypeOf<typeof TtsText>;

interface ShortNameBrand {
  readonly ShortName: unique symbol;
}
/** A short identifier-like value (timbre id, language tag): 1 to 64 characters, no spaces. */
export const ShortName = t.brand(
  t.string,
  (s): s is t.Branded<string, ShortNameBrand> => /^[A-Za-z0-9_.:-]{1,64}$/.test(s),
  'ShortName',
);
export type ShortName = t.TypeOf<typeof ShortName>;

// ---- audio stream (SSE) ------------------------------------------------------------------------

export const AUDIO_TTS_STREAM_PATH = '/api/v1/audio/tts/stream';
export const SONG_PREVIEW_STREAM_PATH = '/api/v1/audio/song/preview/stream';
export const AUDIO_STREAM_CONTENT_TYPE = 'text/event-stream';
/** The SSE resume header (lower case, as Node names incoming headers). */
export const LAST_EVENT_ID_HEADER = 'last-event-id';

/** The SSE event names of the audio stream. */
export const AUDIO_STREAM_EVENT = { start: 'start', chunk: 'chunk', end: 'end', error: 'error' } as const;

/** Spec §9 emotions of speech. */
export const AudioEmotion = t.keyof(
  { happy: null, sad: null, angry: null, fearful: null, disgusted: null, surprised: null, neutral: null },
  'AudioEmotion',
);
export type AudioEmotion = t.TypeOf<typeof AudioEmotion>;

/** Spec §9 voice category (female, male); also the base voice of speech. */
export const Voice = t.keyof({ female: null, male: null }, 'Voice');
export type Voice = t.TypeOf<typeof Voice>;

export const SongStyle = t.keyof(
  {
    pop: null,
    rb: null,
    rock: null,
    disco: null,
    electronic: null,
    country: null,
    hiphop: null,
    latin: null,
    classical: null,
    game: null,
  },
  'SongStyle',
);
export type SongStyle = t.TypeOf<typeof SongStyle>;

export const SongEmotion = t.keyof(
  {
    relaxed: null,
    angry: null,
    happy: null,
    sad: null,
    calm: null,
    mysterious: null,
    romantic: null,
    passionate: null,
    melancholy: null,
    dark: null,
  },
  'SongEmotion',
);
export type SongEmotion = t.TypeOf<typeof SongEmotion>;

export const SongInstrument = t.keyof(
  {
    piano: null,
    violin: null,
    electricGuitar: null,
    saxophone: null,
    accordion: null,
    handDrum: null,
    orchestra: null,
  },
  'SongInstrument',
);
export type SongInstrument = t.TypeOf<typeof SongInstrument>;

export const TtsStreamRequest = t.intersection(
  [
    t.type({ text: TtsText }),
    t.partial({
      stream_id: StreamId,
      voice: Voice,
      timbre_id: ShortName,
      emotion: AudioEmotion,
      lang: ShortName,
    }),
  ],
  'TtsStreamRequest',
);
export type TtsStreamRequest = t.TypeOf<typeof TtsStreamRequest>;

export const SongPreviewRequest = t.intersection(
  [
    t.type({ style: SongStyle, emotion: SongEmotion, instrument: SongInstrument }),
    t.partial({ stream_id: StreamId, voice: Voice, seed: StreamInt }),
  ],
  'SongPreviewRequest',
);
export type SongPreviewRequest = t.TypeOf<typeof SongPreviewRequest>;

export const AUDIO_WAV_MIME = 'audio/wav';

export const AudioStreamStart = t.type(
  {
    stream_id: t.string,
    sample_rate: PositiveStreamInt,
    /** How many chunks follow; `end.total` repeats it. */
    chunks: StreamInt,
    mime_type: t.literal(AUDIO_WAV_MIME),
    duration_ms: StreamInt,
  },
  'AudioStreamStart',
);
export type AudioStreamStart = t.TypeOf<typeof AudioStreamStart>;

/**
 * One chunk. `audioData` is only typed as a string here: whether it is valid base64 and whether
 * `index` is the next one is the domain's rule (audio.acceptChunk), so that a bad chunk becomes a
 * stream error with the domain's reason, not a decode failure.
 */
export const AudioStreamChunk = t.type(
  { stream_id: t.string, index: StreamInt, audioData: t.string },
  'AudioStreamChunk',
);
export type AudioStreamChunk = t.TypeOf<typeof AudioStreamChunk>;

export const AudioStreamEnd = t.type({ stream_id: t.string, total: StreamInt }, 'AudioStreamEnd');
export type AudioStreamEnd = t.TypeOf<typeof AudioStreamEnd>;

export const AudioStreamError = t.type(
  { stream_id: t.union([t.string, t.null]), code: t.number, msg: t.string },
  'AudioStreamError',
);
export type AudioStreamError = t.TypeOf<typeof AudioStreamError>;

// ---- chat over socket.io ---------------------------------------------------------------------

export const CHAT_SOCKET_PATH = '/im/v1';

export const CHAT_EVENT = {
  send: 'chat:send',
  start: 'chat:start',
  token: 'chat:token',
  done: 'chat:done',
  message: 'chat:message',
  error: 'chat:error',
  /** Client to server, with an ack: the replies of a session still being written, tokens so far. */
  resume: 'chat:resume',
} as const;

export const CHAT_CONTENT_MAX = chat.CHAT_CONTENT_MAX;

interface ChatContentBrand {
  readonly ChatContent: unique symbol;
}
/** A chat message: 1 to 4000 characters with at least one non-space. */
export const ChatContent = t.brand(
  t.string,
  (s): s is t.Branded<string, ChatContentBrand> => s.trim().length > 0 && s.length <= CHAT_CONTENT_MAX,
  'ChatContent',
);
export type ChatContent = t.TypeOf<typeof ChatContent>;

interface ClientMessageIdBrand {
  readonly ClientMessageId: unique symbol;
}
/** The id the sending client gives a message: 1 to 64 characters of `[A-Za-z0-9_:-]`. */
export const ClientMessageId = t.brand(
  t.string,
  (s): s is t.Branded<string, ClientMessageIdBrand> => /^[A-Za-z0-9_:-]{1,64}$/.test(s),
  'ClientMessageId',
);
export type ClientMessageId = t.TypeOf<typeof ClientMessageId>;

export const ChatRole = t.keyof({ user: null, assistant: null, system: null }, 'ChatRole');
export type ChatRole = t.TypeOf<typeof ChatRole>;

/** Spec §5 chat file types, as the client names them. */
export const ChatFileKind = t.keyof(
  { png: null, jpeg: null, txt: null, pdf: null, word: null, json: null, markdown: null, excel: null },
  'ChatFileKind',
);
export type ChatFileKind = t.TypeOf<typeof ChatFileKind>;

/** A file attached to a chat message: an upload of the sender (spec §7 upload calls). */
export const ChatAttachmentItem = t.type(
  { file_id: t.string, name: t.string, kind: ChatFileKind, url: t.string, size: StreamInt },
  'ChatAttachmentItem',
);
export type ChatAttachmentItem = t.TypeOf<typeof ChatAttachmentItem>;

/** At most this many files go with one message. */
export const CHAT_ATTACHMENTS_MAX = 4;

/** Spec §3 chat message: history fields (id, create_at, channel_id, session_id) and view fields. */
export const ChatMessageItem = t.type(
  {
    id: t.string,
    /** The sender's id for messages a client sent; null for replies and greetings. */
    client_id: t.union([t.string, t.null]),
    session_id: t.string,
    channel_id: t.string,
    role: ChatRole,
    content: t.string,
    create_at: StreamInt,
    name: t.union([t.string, t.null]),
    is_official_agent: t.boolean,
    /** A WAV of the reply when the history was asked with support_voice and the character speaks. */
    voice_url: t.union([t.string, t.null]),
    attachments: t.array(ChatAttachmentItem),
  },
  'ChatMessageItem',
);
export type ChatMessageItem = t.TypeOf<typeof ChatMessageItem>;

interface ChatTextBrand {
  readonly ChatText: unique symbol;
}
/** The text of a message that carries files: up to 4000 characters, possibly blank. */
export const ChatText = t.brand(
  t.string,
  (s): s is t.Branded<string, ChatTextBrand> => s.length <= CHAT_CONTENT_MAX,
  'ChatText',
);
export type ChatText = t.TypeOf<typeof ChatText>;

interface AttachmentIdsBrand {
  readonly AttachmentIds: unique symbol;
}
/** 1 to 4 distinct upload ids. */
export const AttachmentIds = t.brand(
  t.array(t.string),
  (a): a is t.Branded<string[], AttachmentIdsBrand> =>
    a.length >= 1 && a.length <= CHAT_ATTACHMENTS_MAX && new Set(a).size === a.length,
  'AttachmentIds',
);
export type AttachmentIds = t.TypeOf<typeof AttachmentIds>;

/**
 * `chat:send`: a message has text (ChatContent), or files (`attachment_ids`, the sender's confirmed
 * uploads of a spec §5 chat file type) with text that may be blank.
 */
interface ChatSendRequestBrand {
  readonly ChatSendRequest: unique symbol;
}
export const ChatSendRequest = t.brand(
  t.intersection([
    t.type({ client_id: ClientMessageId, session_id: t.string, character_id: t.string, content: ChatText }),
    t.partial({ attachment_ids: AttachmentIds }),
  ]),
  (r): r is t.Branded<typeof r, ChatSendRequestBrand> =>
    r.content.trim().length > 0 || (r.attachment_ids?.length ?? 0) > 0,
  'ChatSendRequest',
);
export type ChatSendRequest = t.TypeOf<typeof ChatSendRequest>;

export const ChatSendAck = t.type({ id: t.string, client_id: t.string, create_at: StreamInt }, 'ChatSendAck');
export type ChatSendAck = t.TypeOf<typeof ChatSendAck>;

/** The ack of `chat:send` is an envelope, so its failures go through the same error map as calls. */
export const ChatSendAckEnvelope = Envelope(t.union([ChatSendAck, t.null]));
export type ChatSendAckEnvelope = t.TypeOf<typeof ChatSendAckEnvelope>;

export const ChatReplyStart = t.type(
  {
    session_id: t.string,
    reply_id: t.string,
    /** The client id of the user message this answers. */
    reply_to: t.string,
    create_at: StreamInt,
    name: t.union([t.string, t.null]),
    is_official_agent: t.boolean,
  },
  'ChatReplyStart',
);
export type ChatReplyStart = t.TypeOf<typeof ChatReplyStart>;

export const ChatToken = t.type(
  { session_id: t.string, reply_id: t.string, index: StreamInt, token: t.string },
  'ChatToken',
);
export type ChatToken = t.TypeOf<typeof ChatToken>;

export const ChatReplyDone = t.type(
  {
    session_id: t.string,
    reply_id: t.string,
    reply_to: t.string,
    content: t.string,
    create_at: StreamInt,
    name: t.union([t.string, t.null]),
    is_official_agent: t.boolean,
  },
  'ChatReplyDone',
);
export type ChatReplyDone = t.TypeOf<typeof ChatReplyDone>;

export const ChatMessagePush = t.type({ message: ChatMessageItem }, 'ChatMessagePush');
export type ChatMessagePush = t.TypeOf<typeof ChatMessagePush>;

export const ChatReplyError = t.type(
  { session_id: t.string, reply_id: t.string, code: t.number, msg: t.string },
  'ChatReplyError',
);
export type ChatReplyError = t.TypeOf<typeof ChatReplyError>;

/** The error data a refused handshake carries (`connect_error.data`). */
export const ChatHandshakeRefusal = t.type({ code: t.number, msg: t.string }, 'ChatHandshakeRefusal');
export type ChatHandshakeRefusal = t.TypeOf<typeof ChatHandshakeRefusal>;

/** `chat:resume` {session_id}: asked on every (re)connection and page return. */
export const ChatResumeRequest = t.type({ session_id: t.string }, 'ChatResumeRequest');
export type ChatResumeRequest = t.TypeOf<typeof ChatResumeRequest>;

/** A reply still being written: its start and every token sent so far, in order (index 0..n-1). */
export const ChatReplyInProgress = t.type(
  {
    session_id: t.string,
    reply_id: t.string,
    reply_to: t.string,
    create_at: StreamInt,
    name: t.union([t.string, t.null]),
    is_official_agent: t.boolean,
    tokens: t.array(t.string),
  },
  'ChatReplyInProgress',
);
export type ChatReplyInProgress = t.TypeOf<typeof ChatReplyInProgress>;

/** The ack of `chat:resume` (an envelope): the session's replies in progress, oldest first. */
export const ChatResumeAck = t.type({ replies: t.array(ChatReplyInProgress) }, 'ChatResumeAck');
export type ChatResumeAck = t.TypeOf<typeof ChatResumeAck>;
