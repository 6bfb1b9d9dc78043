/**
 * Characters and chat sessions (spec §3 character: character_type 0 and 2 digital, 1 tool, 3 agent,
 * cover.url, init_mem_num, support_voice; §6 official agents by is_official_agent; §7 "chat history
 * (page_size 100 default, session_id, offset_to, support_voice)"; §9 history page 80 (init_mem_num)
 * or 100 (messages)).
 *
 * Choices where the spec says "not shown":
 * - Characters: `POST /api/v1/character/list` {scope?: all|official|mine, character_type?, offset?,
 *   limit?} (guests may list all and official ones), `/detail` {id}, `/create`, `/update` {id, ...},
 *   `/delete` {id} (owner only; official characters belong to nobody and cannot be changed).
 *   `init_mem_num` is how many past messages the character keeps as memory: 0 to 80, the
 *   init-memory page size.
 * - A chat is a session with one character: `POST /api/v1/chat/session/open` {character_id} answers
 *   the caller's session with that character (created, with the character's greeting, on first
 *   open). Its `channel_id` is the character's id.
 * - History: `POST /api/v1/chat/history` {session_id, page_size?, offset_to?, support_voice?,
 *   init_mem_num?}. Without `offset_to` the newest page; with it, the page just older than that
 *   message id. Items come oldest first; the answer's `offset_to` is the id to ask for the next older
 *   page (null when there is none). `page_size` defaults to 100, or to 80 when `init_mem_num` is true
 *   (the character's memory page), and is capped at that default.
 * - A reply's voice, when asked with support_voice for a character that speaks, is the WAV at
 *   `GET /api/v1/chat/voice/{message_id}` (the session's owner only).
 */
import * as t from 'io-ts';
import { ChatMessageItem, StreamInt, Voice } from './streaming';

export const CHARACTER_LIST_PATH = '/api/v1/character/list';
export const CHARACTER_DETAIL_PATH = '/api/v1/character/detail';
export const CHARACTER_CREATE_PATH = '/api/v1/character/create';
export const CHARACTER_UPDATE_PATH = '/api/v1/character/update';
export const CHARACTER_DELETE_PATH = '/api/v1/character/delete';
export const CHAT_SESSION_OPEN_PATH = '/api/v1/chat/session/open';
export const CHAT_HISTORY_PATH = '/api/v1/chat/history';
export const CHAT_VOICE_BASE = '/api/v1/chat/voice';
/** `GET` the WAV voice of one assistant message. */
export const chatVoicePath = (messageId: string): string => `${CHAT_VOICE_BASE}/${messageId}`;

/** Spec §3 character_type: 0 and 2 digital, 1 tool, 3 agent. */
export const CharacterType = t.union(
  [t.literal(0), t.literal(1), t.literal(2), t.literal(3)],
  'CharacterType',
);
export type CharacterType = t.TypeOf<typeof CharacterType>;

interface CharacterNameBrand {
  readonly CharacterName: unique symbol;
}
/** 1 to 40 characters with a non-space. */
export const CharacterName = t.brand(
  t.string,
  (s): s is t.Branded<string, CharacterNameBrand> => s.trim().length >= 1 && s.length <= 40,
  'CharacterName',
);
export type CharacterName = t.TypeOf<typeof CharacterName>;

interface CharacterIntroBrand {
  readonly CharacterIntro: unique symbol;
}
/** Up to 1000 characters. */
export const CharacterIntro = t.brand(
  t.string,
  (s): s is t.Branded<string, CharacterIntroBrand> => s.length <= 1000,
  'CharacterIntro',
);
export type CharacterIntro = t.TypeOf<typeof CharacterIntro>;

interface CharacterGreetingBrand {
  readonly CharacterGreeting: unique symbol;
}
/** Up to 300 characters. */
export const CharacterGreeting = t.brand(
  t.string,
  (s): s is t.Branded<string, CharacterGreetingBrand> => s.length <= 300,
  'CharacterGreeting',
);
export type CharacterGreeting = t.TypeOf<typeof CharacterGreeting>;

interface CoverPromptBrand {
  readonly CoverPrompt: unique symbol;
}
/** Up to 200 characters: what the generated cover shows. */
export const CoverPrompt = t.brand(
  t.string,
  (s): s is t.Branded<string, CoverPromptBrand> => s.length <= 200,
  'CoverPrompt',
);
export type CoverPrompt = t.TypeOf<typeof CoverPrompt>;

export const INIT_MEM_MAX = 80;

interface InitMemNumBrand {
  readonly InitMemNum: unique symbol;
}
/** How many past messages a character keeps as memory: 0 to 80. */
export const InitMemNum = t.brand(
  t.number,
  (n): n is t.Branded<number, InitMemNumBrand> => Number.isInteger(n) && n >= 0 && n <= INIT_MEM_MAX,
  'InitMemNum',
);
export type InitMemNum = t.TypeOf<typeof InitMemNum>;

interface CharacterPageSizeBrand {
  readonly CharacterPageSize: unique symbol;
}
export const CharacterPageSize = t.brand(
  t.number,
  (n): n is t.Branded<number, CharacterPageSizeBrand> => Number.isInteger(n) && n >= 1 && n <= 50,
  'CharacterPageSize',
);
export type CharacterPageSize = t.TypeOf<typeof CharacterPageSize>;

interface HistoryPageSizeBrand {
  readonly HistoryPageSize: unique symbol;
}
export const HistoryPageSize = t.brand(
  t.number,
  (n): n is t.Branded<number, HistoryPageSizeBrand> => Number.isInteger(n) && n >= 1 && n <= 100,
  'HistoryPageSize',
);
export type HistoryPageSize = t.TypeOf<typeof HistoryPageSize>;

export const CharacterCover = t.type({ url: t.string, width: t.number, height: t.number }, 'CharacterCover');
export type CharacterCover = t.TypeOf<typeof CharacterCover>;

export const CharacterAuthor = t.type({ id: t.string, name: t.string }, 'CharacterAuthor');
export type CharacterAuthor = t.TypeOf<typeof CharacterAuthor>;

export const Character = t.type(
  {
    id: t.string,
    name: t.string,
    intro: t.string,
    greeting: t.string,
    character_type: CharacterType,
    cover: CharacterCover,
    init_mem_num: InitMemNum,
    support_voice: t.boolean,
    is_official_agent: t.boolean,
    voice: Voice,
    /** Null for official characters. */
    author: t.union([CharacterAuthor, t.null]),
    /** True when the caller may update and delete it. */
    is_mine: t.boolean,
    create_at: StreamInt,
    update_at: StreamInt,
  },
  'Character',
);
export type Character = t.TypeOf<typeof Character>;

export const CharacterScope = t.keyof({ all: null, official: null, mine: null }, 'CharacterScope');
export type CharacterScope = t.TypeOf<typeof CharacterScope>;

export const CHARACTER_PAGE_DEFAULT = 20;
export const CHARACTER_PAGE_MAX = 50;

export const CharacterListRequest = t.partial(
  {
    scope: CharacterScope,
    character_type: CharacterType,
    offset: StreamInt,
    limit: CharacterPageSize,
  },
  'CharacterListRequest',
);
export type CharacterListRequest = t.TypeOf<typeof CharacterListRequest>;

export const CharacterListResponse = t.type(
  { items: t.array(Character), offset: StreamInt, has_more: t.boolean },
  'CharacterListResponse',
);
export type CharacterListResponse = t.TypeOf<typeof CharacterListResponse>;

export const CharacterIdRequest = t.type({ id: t.string }, 'CharacterIdRequest');
export type CharacterIdRequest = t.TypeOf<typeof CharacterIdRequest>;

const characterFields = {
  greeting: CharacterGreeting,
  init_mem_num: InitMemNum,
  support_voice: t.boolean,
  voice: Voice,
  cover_prompt: CoverPrompt,
};

export const CharacterCreateRequest = t.intersection(
  [
    t.type({ name: CharacterName, intro: CharacterIntro, character_type: CharacterType }),
    t.partial(characterFields),
  ],
  'CharacterCreateRequest',
);
export type CharacterCreateRequest = t.TypeOf<typeof CharacterCreateRequest>;

export const CharacterUpdateRequest = t.intersection(
  [
    t.type({ id: t.string }),
    t.partial({
      name: CharacterName,
      intro: CharacterIntro,
      character_type: CharacterType,
      ...characterFields,
    }),
  ],
  'CharacterUpdateRequest',
);
export type CharacterUpdateRequest = t.TypeOf<typeof CharacterUpdateRequest>;

export const CharacterResponse = t.type({ item: Character }, 'CharacterResponse');
export type CharacterResponse = t.TypeOf<typeof CharacterResponse>;

export const CharacterDeleteResponse = t.type({ id: t.string }, 'CharacterDeleteResponse');
export type CharacterDeleteResponse = t.TypeOf<typeof CharacterDeleteResponse>;

export const ChatSessionOpenRequest = t.type({ character_id: t.string }, 'ChatSessionOpenRequest');
export type ChatSessionOpenRequest = t.TypeOf<typeof ChatSessionOpenRequest>;

export const ChatSessionOpenResponse = t.type(
  { session_id: t.string, channel_id: t.string, character: Character, created: t.boolean },
  'ChatSessionOpenResponse',
);
export type ChatSessionOpenResponse = t.TypeOf<typeof ChatSessionOpenResponse>;

/** Spec §9: 100 messages a page, 80 for the init-memory page. */
export const HISTORY_PAGE_MESSAGES = 100;
export const HISTORY_PAGE_INIT_MEM = 80;

export const ChatHistoryRequest = t.intersection(
  [
    t.type({ session_id: t.string }),
    t.partial({
      page_size: HistoryPageSize,
      offset_to: t.string,
      support_voice: t.boolean,
      init_mem_num: t.boolean,
    }),
  ],
  'ChatHistoryRequest',
);
export type ChatHistoryRequest = t.TypeOf<typeof ChatHistoryRequest>;

export const ChatHistoryResponse = t.type(
  {
    items: t.array(ChatMessageItem),
    has_more: t.boolean,
    offset_to: t.union([t.string, t.null]),
    page_size: StreamInt,
  },
  'ChatHistoryResponse',
);
export type ChatHistoryResponse = t.TypeOf<typeof ChatHistoryResponse>;
