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
export const CHARACTER_SEARCH_PATH = '/api/v1/character/search';
export const CHARACTER_DEFAULTS_PATH = '/api/v1/character/digital/defaults';
export const CHARACTER_TEMPLATES_PATH = '/api/v1/character/templates';
export const CHAT_SESSION_LIST_PATH = '/api/v1/chat/session/list';
export const CHAT_ONLINE_SEARCH_PATH = '/api/v1/chat/online-search';
export const CHAT_INSTRUCTIONS_PATH = '/api/v1/chat/instructions';
export const CHAT_MESSAGE_DELETE_PATH = '/api/v1/chat/message/delete';
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

/** A character's gender (spec §7 "templates by gender"). */
export const Gender = t.keyof({ female: null, male: null, other: null }, 'Gender');
export type Gender = t.TypeOf<typeof Gender>;

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
    /** Who the character is (the templates of the new-character form are by gender). */
    gender: Gender,
    /** Listed and searchable by everyone; a private one is its owner's only. */
    is_public: t.boolean,
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
  gender: Gender,
  is_public: t.boolean,
  /**
   * An image the caller uploaded (the upload calls of spec §7) to be the cover; it must be the
   * caller's own confirmed image (70008 otherwise). Null on update puts the generated cover back.
   */
  cover_file_id: t.union([t.string, t.null]),
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

/** A session's settings: online search (spec §7 on_line_search) and second instructions (content, title). */
export const ChatSessionSettings = t.type(
  {
    session_id: t.string,
    on_line_search: t.boolean,
    instruction: t.union([t.type({ title: t.string, content: t.string }), t.null]),
  },
  'ChatSessionSettings',
);
export type ChatSessionSettings = t.TypeOf<typeof ChatSessionSettings>;

export const ChatSessionOpenRequest = t.type({ character_id: t.string }, 'ChatSessionOpenRequest');
export type ChatSessionOpenRequest = t.TypeOf<typeof ChatSessionOpenRequest>;

export const ChatSessionOpenResponse = t.type(
  {
    session_id: t.string,
    channel_id: t.string,
    character: Character,
    created: t.boolean,
    settings: ChatSessionSettings,
  },
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

// ---- search, defaults and templates (spec §2 tavernSearch, newCharacter; §7 named calls) ------

interface SearchKeywordBrand {
  readonly SearchKeyword: unique symbol;
}
/** 1 to 60 characters with a non-space. */
export const SearchKeyword = t.brand(
  t.string,
  (s): s is t.Branded<string, SearchKeywordBrand> => s.trim().length >= 1 && s.length <= 60,
  'SearchKeyword',
);
export type SearchKeyword = t.TypeOf<typeof SearchKeyword>;

/**
 * `POST /api/v1/character/search` {keyword, character_type?, offset?, limit?}: the public
 * characters (and the caller's own) whose name or intro contains the keyword, case-insensitively;
 * names matching first.
 */
export const CharacterSearchRequest = t.intersection(
  [
    t.type({ keyword: SearchKeyword }),
    t.partial({ character_type: CharacterType, offset: StreamInt, limit: CharacterPageSize }),
  ],
  'CharacterSearchRequest',
);
export type CharacterSearchRequest = t.TypeOf<typeof CharacterSearchRequest>;

/** One preset persona of the digital-person defaults (spec §7 "digital person defaults (girlfriend_list)"). */
export const CharacterPreset = t.type(
  {
    id: t.string,
    name: t.string,
    intro: t.string,
    greeting: t.string,
    gender: Gender,
    voice: Voice,
    character_type: CharacterType,
    init_mem_num: InitMemNum,
    cover_prompt: t.string,
  },
  'CharacterPreset',
);
export type CharacterPreset = t.TypeOf<typeof CharacterPreset>;

/** `POST /api/v1/character/digital/defaults` {}: the presets and the form's defaults. */
export const CharacterDefaultsResponse = t.type(
  {
    girlfriend_list: t.array(CharacterPreset),
    default_init_mem_num: InitMemNum,
    default_character_type: CharacterType,
  },
  'CharacterDefaultsResponse',
);
export type CharacterDefaultsResponse = t.TypeOf<typeof CharacterDefaultsResponse>;

export const CharacterTemplatesRequest = t.type({ gender: Gender }, 'CharacterTemplatesRequest');
export type CharacterTemplatesRequest = t.TypeOf<typeof CharacterTemplatesRequest>;

/** `POST /api/v1/character/templates` {gender}: personality templates that fill the form. */
export const CharacterTemplate = t.type(
  { id: t.string, title: t.string, intro: t.string, greeting: t.string, voice: Voice },
  'CharacterTemplate',
);
export type CharacterTemplate = t.TypeOf<typeof CharacterTemplate>;

export const CharacterTemplatesResponse = t.type(
  { gender: Gender, items: t.array(CharacterTemplate) },
  'CharacterTemplatesResponse',
);
export type CharacterTemplatesResponse = t.TypeOf<typeof CharacterTemplatesResponse>;

// ---- the caller's chats and their settings (spec §2 tavernChatsHome; §7 named calls) ----------

/** `POST /api/v1/chat/session/list` {}: the caller's chats, the latest conversation first. */
export const ChatSessionSummary = t.type(
  {
    session_id: t.string,
    character: Character,
    last_message: t.union([t.string, t.null]),
    last_at: StreamInt,
  },
  'ChatSessionSummary',
);
export type ChatSessionSummary = t.TypeOf<typeof ChatSessionSummary>;

export const ChatSessionListResponse = t.type(
  { items: t.array(ChatSessionSummary) },
  'ChatSessionListResponse',
);
export type ChatSessionListResponse = t.TypeOf<typeof ChatSessionListResponse>;

interface InstructionTitleBrand {
  readonly InstructionTitle: unique symbol;
}
/** Up to 60 characters. */
export const InstructionTitle = t.brand(
  t.string,
  (s): s is t.Branded<string, InstructionTitleBrand> => s.length <= 60,
  'InstructionTitle',
);
export type InstructionTitle = t.TypeOf<typeof InstructionTitle>;

interface InstructionContentBrand {
  readonly InstructionContent: unique symbol;
}
/** Up to 1000 characters; empty clears the instructions. */
export const InstructionContent = t.brand(
  t.string,
  (s): s is t.Branded<string, InstructionContentBrand> => s.length <= 1000,
  'InstructionContent',
);
export type InstructionContent = t.TypeOf<typeof InstructionContent>;

/** `POST /api/v1/chat/online-search` {session_id, on_line_search}. */
export const ChatOnlineSearchRequest = t.type(
  { session_id: t.string, on_line_search: t.boolean },
  'ChatOnlineSearchRequest',
);
export type ChatOnlineSearchRequest = t.TypeOf<typeof ChatOnlineSearchRequest>;

/** `POST /api/v1/chat/instructions` {session_id, title, content}: the character follows them in this chat. */
export const ChatInstructionsRequest = t.type(
  { session_id: t.string, title: InstructionTitle, content: InstructionContent },
  'ChatInstructionsRequest',
);
export type ChatInstructionsRequest = t.TypeOf<typeof ChatInstructionsRequest>;

/** `POST /api/v1/chat/message/delete` {session_id, id}: removes one message of the caller's chat. */
export const ChatMessageDeleteRequest = t.type(
  { session_id: t.string, id: t.string },
  'ChatMessageDeleteRequest',
);
export type ChatMessageDeleteRequest = t.TypeOf<typeof ChatMessageDeleteRequest>;

export const ChatMessageDeleteResponse = t.type(
  { id: t.string, deleted: t.boolean },
  'ChatMessageDeleteResponse',
);
export type ChatMessageDeleteResponse = t.TypeOf<typeof ChatMessageDeleteResponse>;
