import * as fc from 'fast-check';
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { audio, chat } from '../../../domain/index.js';
import {
  Character,
  CharacterCreateRequest,
  CharacterDeleteResponse,
  CharacterIdRequest,
  CharacterListRequest,
  CharacterListResponse,
  CharacterResponse,
  CharacterUpdateRequest,
  ChatHistoryRequest,
  ChatHistoryResponse,
  ChatSessionOpenRequest,
  ChatSessionOpenResponse,
  HISTORY_PAGE_INIT_MEM,
  HISTORY_PAGE_MESSAGES,
  INIT_MEM_MAX,
} from '../../../infrastructure/contract/characters';
import {
  AudioEmotion,
  AudioStreamChunk,
  AudioStreamEnd,
  AudioStreamError,
  AudioStreamStart,
  ChatHandshakeRefusal,
  ChatMessageItem,
  ChatMessagePush,
  ChatReplyDone,
  ChatReplyError,
  ChatReplyStart,
  ChatSendAck,
  ChatSendAckEnvelope,
  ChatSendRequest,
  ChatToken,
  SongEmotion,
  SongInstrument,
  SongPreviewRequest,
  SongStyle,
  TtsStreamRequest,
  Voice,
} from '../../../infrastructure/contract/streaming';

const nat = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const positive = fc.integer({ min: 1, max: 1_000_000 });
const nonBlank = (max: number) =>
  fc.string({ minLength: 1, maxLength: max }).filter((s) => s.trim().length > 0);
const streamId = fc.stringMatching(/^[A-Za-z0-9_-]{6,64}$/);
const shortName = fc.stringMatching(/^[A-Za-z0-9_.:-]{1,64}$/);
const clientId = fc.stringMatching(/^[A-Za-z0-9_:-]{1,64}$/);
const keysOf = <D extends Record<string, unknown>>(codec: t.KeyofC<D>) =>
  fc.constantFrom(...(Object.keys(codec.keys) as (keyof D & string)[]));
const nullable = <A>(a: fc.Arbitrary<A>) => fc.option(a, { nil: null });

const message = fc.record({
  id: fc.string(),
  client_id: nullable(fc.string()),
  session_id: fc.string(),
  channel_id: fc.string(),
  role: fc.constantFrom('user' as const, 'assistant' as const, 'system' as const),
  content: fc.string(),
  create_at: nat,
  name: nullable(fc.string()),
  is_official_agent: fc.boolean(),
  voice_url: nullable(fc.string()),
  attachments: fc.array(
    fc.record({
      file_id: fc.string(),
      name: fc.string(),
      kind: fc.constantFrom(
        'png' as const,
        'jpeg' as const,
        'txt' as const,
        'pdf' as const,
        'word' as const,
        'json' as const,
        'markdown' as const,
        'excel' as const,
      ),
      url: fc.string(),
      size: nat,
    }),
    { maxLength: 4 },
  ),
});

const character = fc.record({
  id: fc.string(),
  name: fc.string(),
  intro: fc.string(),
  greeting: fc.string(),
  character_type: fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const),
  cover: fc.record({ url: fc.string(), width: fc.integer(), height: fc.integer() }),
  init_mem_num: fc.integer({ min: 0, max: INIT_MEM_MAX }),
  support_voice: fc.boolean(),
  is_official_agent: fc.boolean(),
  voice: keysOf(Voice),
  gender: fc.constantFrom('female' as const, 'male' as const, 'other' as const),
  is_public: fc.boolean(),
  author: nullable(fc.record({ id: fc.string(), name: fc.string() })),
  is_mine: fc.boolean(),
  create_at: nat,
  update_at: nat,
});

const characterFields = {
  greeting: fc.string({ maxLength: 300 }),
  init_mem_num: fc.integer({ min: 0, max: INIT_MEM_MAX }),
  support_voice: fc.boolean(),
  voice: keysOf(Voice),
  cover_prompt: fc.string({ maxLength: 200 }),
  gender: fc.constantFrom('female' as const, 'male' as const, 'other' as const),
  is_public: fc.boolean(),
  cover_file_id: nullable(fc.string()),
};

const name = nonBlank(40);
const characterType = fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const);

const cases: ReadonlyArray<readonly [string, t.Mixed, fc.Arbitrary<unknown>]> = [
  [
    'TtsStreamRequest',
    TtsStreamRequest,
    fc.record(
      {
        text: nonBlank(500),
        stream_id: streamId,
        voice: keysOf(Voice),
        timbre_id: shortName,
        emotion: keysOf(AudioEmotion),
        lang: shortName,
      },
      { requiredKeys: ['text'] },
    ),
  ],
  [
    'SongPreviewRequest',
    SongPreviewRequest,
    fc.record(
      {
        style: keysOf(SongStyle),
        emotion: keysOf(SongEmotion),
        instrument: keysOf(SongInstrument),
        stream_id: streamId,
        voice: keysOf(Voice),
        seed: nat,
      },
      { requiredKeys: ['style', 'emotion', 'instrument'] },
    ),
  ],
  [
    'AudioStreamStart',
    AudioStreamStart,
    fc.record({
      stream_id: fc.string(),
      sample_rate: positive,
      chunks: nat,
      mime_type: fc.constant('audio/wav' as const),
      duration_ms: nat,
    }),
  ],
  [
    'AudioStreamChunk',
    AudioStreamChunk,
    fc.record({ stream_id: fc.string(), index: nat, audioData: fc.base64String() }),
  ],
  ['AudioStreamEnd', AudioStreamEnd, fc.record({ stream_id: fc.string(), total: nat })],
  [
    'AudioStreamError',
    AudioStreamError,
    fc.record({ stream_id: nullable(fc.string()), code: fc.integer(), msg: fc.string() }),
  ],
  ['ChatMessageItem', ChatMessageItem, message],
  [
    'ChatSendRequest',
    ChatSendRequest,
    fc.record({
      client_id: clientId,
      session_id: fc.string(),
      character_id: fc.string(),
      content: nonBlank(200),
    }),
  ],
  ['ChatSendAck', ChatSendAck, fc.record({ id: fc.string(), client_id: fc.string(), create_at: nat })],
  [
    'ChatSendAckEnvelope',
    ChatSendAckEnvelope,
    fc.record({
      status: fc.record({ code: fc.integer(), msg: fc.string() }),
      data: nullable(fc.record({ id: fc.string(), client_id: fc.string(), create_at: nat })),
    }),
  ],
  [
    'ChatReplyStart',
    ChatReplyStart,
    fc.record({
      session_id: fc.string(),
      reply_id: fc.string(),
      reply_to: fc.string(),
      create_at: nat,
      name: nullable(fc.string()),
      is_official_agent: fc.boolean(),
    }),
  ],
  [
    'ChatToken',
    ChatToken,
    fc.record({ session_id: fc.string(), reply_id: fc.string(), index: nat, token: fc.string() }),
  ],
  [
    'ChatReplyDone',
    ChatReplyDone,
    fc.record({
      session_id: fc.string(),
      reply_id: fc.string(),
      reply_to: fc.string(),
      content: fc.string(),
      create_at: nat,
      name: nullable(fc.string()),
      is_official_agent: fc.boolean(),
    }),
  ],
  ['ChatMessagePush', ChatMessagePush, fc.record({ message })],
  [
    'ChatReplyError',
    ChatReplyError,
    fc.record({ session_id: fc.string(), reply_id: fc.string(), code: fc.integer(), msg: fc.string() }),
  ],
  ['ChatHandshakeRefusal', ChatHandshakeRefusal, fc.record({ code: fc.integer(), msg: fc.string() })],
  ['Character', Character, character],
  [
    'CharacterListRequest',
    CharacterListRequest,
    fc.record(
      {
        scope: fc.constantFrom('all' as const, 'official' as const, 'mine' as const),
        character_type: characterType,
        offset: nat,
        limit: fc.integer({ min: 1, max: 50 }),
      },
      { requiredKeys: [] },
    ),
  ],
  [
    'CharacterListResponse',
    CharacterListResponse,
    fc.record({ items: fc.array(character, { maxLength: 3 }), offset: nat, has_more: fc.boolean() }),
  ],
  ['CharacterIdRequest', CharacterIdRequest, fc.record({ id: fc.string() })],
  [
    'CharacterCreateRequest',
    CharacterCreateRequest,
    fc.record(
      { name, intro: fc.string({ maxLength: 1000 }), character_type: characterType, ...characterFields },
      { requiredKeys: ['name', 'intro', 'character_type'] },
    ),
  ],
  [
    'CharacterUpdateRequest',
    CharacterUpdateRequest,
    fc.record(
      {
        id: fc.string(),
        name,
        intro: fc.string({ maxLength: 1000 }),
        character_type: characterType,
        ...characterFields,
      },
      { requiredKeys: ['id'] },
    ),
  ],
  ['CharacterResponse', CharacterResponse, fc.record({ item: character })],
  ['CharacterDeleteResponse', CharacterDeleteResponse, fc.record({ id: fc.string() })],
  ['ChatSessionOpenRequest', ChatSessionOpenRequest, fc.record({ character_id: fc.string() })],
  [
    'ChatSessionOpenResponse',
    ChatSessionOpenResponse,
    fc.record({
      session_id: fc.string(),
      channel_id: fc.string(),
      character,
      created: fc.boolean(),
      settings: fc.record({
        session_id: fc.string(),
        on_line_search: fc.boolean(),
        instruction: nullable(fc.record({ title: fc.string(), content: fc.string() })),
      }),
    }),
  ],
  [
    'ChatHistoryRequest',
    ChatHistoryRequest,
    fc.record(
      {
        session_id: fc.string(),
        page_size: fc.integer({ min: 1, max: 100 }),
        offset_to: fc.string(),
        support_voice: fc.boolean(),
        init_mem_num: fc.boolean(),
      },
      { requiredKeys: ['session_id'] },
    ),
  ],
  [
    'ChatHistoryResponse',
    ChatHistoryResponse,
    fc.record({
      items: fc.array(message, { maxLength: 3 }),
      has_more: fc.boolean(),
      offset_to: nullable(fc.string()),
      page_size: nat,
    }),
  ],
];

describe('streaming and characters codecs round-trip (arbitrary -> encode -> JSON -> decode)', () => {
  it.each(cases)('%s', (_name, codec, arb) => {
    fc.assert(
      fc.property(arb, (value) => {
        const wire: unknown = JSON.parse(JSON.stringify(codec.encode(value)));
        const back = codec.decode(wire);
        expect(E.isRight(back)).toBe(true);
        expect(E.isRight(back) && back.right).toEqual(value);
      }),
      { numRuns: 150 },
    );
  });
});

describe('the codecs refuse what the server must not accept', () => {
  const refuses = (codec: t.Mixed, value: unknown) => expect(E.isLeft(codec.decode(value))).toBe(true);

  it('audio requests: empty or blank text, over 500 characters, unknown emotions, voices and song categories, a bad stream id', () => {
    for (const text of ['', '   ', 'x'.repeat(501)]) refuses(TtsStreamRequest, { text });
    refuses(TtsStreamRequest, { text: 'hi', emotion: 'furious' });
    refuses(TtsStreamRequest, { text: 'hi', voice: 'robot' });
    refuses(TtsStreamRequest, { text: 'hi', stream_id: 'short' });
    refuses(TtsStreamRequest, { text: 'hi', timbre_id: 'has space' });
    refuses(SongPreviewRequest, { style: 'polka', emotion: 'happy', instrument: 'piano' });
    refuses(SongPreviewRequest, { style: 'pop', emotion: 'happy', instrument: 'kazoo' });
    refuses(SongPreviewRequest, { style: 'pop', emotion: 'happy', instrument: 'piano', seed: -1 });
    refuses(AudioStreamChunk, { stream_id: 's', index: -1, audioData: 'AAAA' });
    refuses(AudioStreamChunk, { stream_id: 's', index: 1.5, audioData: 'AAAA' });
  });

  it('chat: blank or oversized content, client ids with spaces, history pages beyond 100, characters out of range', () => {
    const base = { client_id: 'c_1', session_id: 's', character_id: 'c', content: 'hi' };
    refuses(ChatSendRequest, { ...base, content: ' ' });
    refuses(ChatSendRequest, { ...base, content: 'x'.repeat(4001) });
    refuses(ChatSendRequest, { ...base, client_id: 'a b' });
    refuses(ChatSendRequest, { ...base, client_id: '' });
    refuses(ChatHistoryRequest, { session_id: 's', page_size: 101 });
    refuses(ChatHistoryRequest, { session_id: 's', page_size: 0 });
    refuses(CharacterCreateRequest, { name: 'x', intro: '', character_type: 4 });
    refuses(CharacterCreateRequest, { name: ' ', intro: '', character_type: 0 });
    refuses(CharacterCreateRequest, {
      name: 'x',
      intro: '',
      character_type: 0,
      init_mem_num: INIT_MEM_MAX + 1,
    });
    refuses(CharacterListRequest, { limit: 51 });
  });

  it('the contract enumerations are the domain constants of spec §9 (emotions, song categories, page sizes)', () => {
    expect(Object.keys(AudioEmotion.keys)).toEqual([...audio.AUDIO_EMOTIONS]);
    expect(Object.keys(SongStyle.keys)).toEqual([...audio.SONG_STYLE_CATEGORIES.style]);
    expect(Object.keys(SongEmotion.keys)).toEqual([...audio.SONG_STYLE_CATEGORIES.emotion]);
    expect(Object.keys(SongInstrument.keys)).toEqual([...audio.SONG_STYLE_CATEGORIES.instrument]);
    expect(Object.keys(Voice.keys)).toEqual([...audio.SONG_STYLE_CATEGORIES.voice]);
    expect(HISTORY_PAGE_MESSAGES).toBe(chat.historyPageSize('messages'));
    expect(HISTORY_PAGE_INIT_MEM).toBe(chat.historyPageSize('initMemory'));
    expect(INIT_MEM_MAX).toBe(chat.HISTORY_PAGE_SIZE_INIT_MEMORY);
  });
});
