/** The studio calls (characters, chat sessions, history, chat settings) on the shared HTTP client. */
import type { Observable } from 'rxjs';
import {
  CHARACTER_CREATE_PATH,
  CHARACTER_DEFAULTS_PATH,
  CHARACTER_DELETE_PATH,
  CHARACTER_DETAIL_PATH,
  CHARACTER_LIST_PATH,
  CHARACTER_SEARCH_PATH,
  CHARACTER_TEMPLATES_PATH,
  CHARACTER_UPDATE_PATH,
  CHAT_HISTORY_PATH,
  CHAT_INSTRUCTIONS_PATH,
  CHAT_MESSAGE_DELETE_PATH,
  CHAT_ONLINE_SEARCH_PATH,
  CHAT_SESSION_LIST_PATH,
  CHAT_SESSION_OPEN_PATH,
  CharacterDefaultsResponse,
  CharacterDeleteResponse,
  CharacterListResponse,
  CharacterResponse,
  CharacterTemplatesResponse,
  ChatHistoryResponse,
  ChatMessageDeleteResponse,
  ChatSessionListResponse,
  ChatSessionOpenResponse,
  ChatSessionSettings,
  type CharacterCreateRequest,
  type CharacterIdRequest,
  type CharacterListRequest,
  type CharacterSearchRequest,
  type CharacterTemplatesRequest,
  type CharacterUpdateRequest,
  type ChatHistoryRequest,
  type ChatInstructionsRequest,
  type ChatMessageDeleteRequest,
  type ChatOnlineSearchRequest,
  type ChatSessionOpenRequest,
} from '../contract/characters';
import type { ApiResult, HttpClient } from '../http/client';

export interface StudioApi {
  readonly listCharacters: (req: CharacterListRequest) => Observable<ApiResult<CharacterListResponse>>;
  readonly characterDetail: (req: CharacterIdRequest) => Observable<ApiResult<CharacterResponse>>;
  readonly createCharacter: (req: CharacterCreateRequest) => Observable<ApiResult<CharacterResponse>>;
  readonly updateCharacter: (req: CharacterUpdateRequest) => Observable<ApiResult<CharacterResponse>>;
  readonly deleteCharacter: (req: CharacterIdRequest) => Observable<ApiResult<CharacterDeleteResponse>>;
  readonly openChatSession: (req: ChatSessionOpenRequest) => Observable<ApiResult<ChatSessionOpenResponse>>;
  readonly chatHistory: (req: ChatHistoryRequest) => Observable<ApiResult<ChatHistoryResponse>>;
  readonly searchCharacters: (req: CharacterSearchRequest) => Observable<ApiResult<CharacterListResponse>>;
  readonly characterDefaults: () => Observable<ApiResult<CharacterDefaultsResponse>>;
  readonly characterTemplates: (
    req: CharacterTemplatesRequest,
  ) => Observable<ApiResult<CharacterTemplatesResponse>>;
  readonly chatSessions: () => Observable<ApiResult<ChatSessionListResponse>>;
  readonly setOnlineSearch: (req: ChatOnlineSearchRequest) => Observable<ApiResult<ChatSessionSettings>>;
  readonly saveInstructions: (req: ChatInstructionsRequest) => Observable<ApiResult<ChatSessionSettings>>;
  readonly deleteChatMessage: (
    req: ChatMessageDeleteRequest,
  ) => Observable<ApiResult<ChatMessageDeleteResponse>>;
}

export const makeStudioApi = (http: HttpClient): StudioApi => ({
  listCharacters: (req) => http.post(CHARACTER_LIST_PATH, req, CharacterListResponse),
  characterDetail: (req) => http.post(CHARACTER_DETAIL_PATH, req, CharacterResponse),
  createCharacter: (req) => http.post(CHARACTER_CREATE_PATH, req, CharacterResponse),
  updateCharacter: (req) => http.post(CHARACTER_UPDATE_PATH, req, CharacterResponse),
  deleteCharacter: (req) => http.post(CHARACTER_DELETE_PATH, req, CharacterDeleteResponse),
  openChatSession: (req) => http.post(CHAT_SESSION_OPEN_PATH, req, ChatSessionOpenResponse),
  chatHistory: (req) => http.post(CHAT_HISTORY_PATH, req, ChatHistoryResponse),
  searchCharacters: (req) => http.post(CHARACTER_SEARCH_PATH, req, CharacterListResponse),
  characterDefaults: () => http.post(CHARACTER_DEFAULTS_PATH, {}, CharacterDefaultsResponse),
  characterTemplates: (req) => http.post(CHARACTER_TEMPLATES_PATH, req, CharacterTemplatesResponse),
  chatSessions: () => http.post(CHAT_SESSION_LIST_PATH, {}, ChatSessionListResponse),
  setOnlineSearch: (req) => http.post(CHAT_ONLINE_SEARCH_PATH, req, ChatSessionSettings),
  saveInstructions: (req) => http.post(CHAT_INSTRUCTIONS_PATH, req, ChatSessionSettings),
  deleteChatMessage: (req) => http.post(CHAT_MESSAGE_DELETE_PATH, req, ChatMessageDeleteResponse),
});
