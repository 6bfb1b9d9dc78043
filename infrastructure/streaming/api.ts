/** The studio calls (characters, chat sessions, history) on the shared HTTP client. */
import type { Observable } from 'rxjs';
import {
  CHARACTER_CREATE_PATH,
  CHARACTER_DELETE_PATH,
  CHARACTER_DETAIL_PATH,
  CHARACTER_LIST_PATH,
  CHARACTER_UPDATE_PATH,
  CHAT_HISTORY_PATH,
  CHAT_SESSION_OPEN_PATH,
  CharacterDeleteResponse,
  CharacterListResponse,
  CharacterResponse,
  ChatHistoryResponse,
  ChatSessionOpenResponse,
  type CharacterCreateRequest,
  type CharacterIdRequest,
  type CharacterListRequest,
  type CharacterUpdateRequest,
  type ChatHistoryRequest,
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
}

export const makeStudioApi = (http: HttpClient): StudioApi => ({
  listCharacters: (req) => http.post(CHARACTER_LIST_PATH, req, CharacterListResponse),
  characterDetail: (req) => http.post(CHARACTER_DETAIL_PATH, req, CharacterResponse),
  createCharacter: (req) => http.post(CHARACTER_CREATE_PATH, req, CharacterResponse),
  updateCharacter: (req) => http.post(CHARACTER_UPDATE_PATH, req, CharacterResponse),
  deleteCharacter: (req) => http.post(CHARACTER_DELETE_PATH, req, CharacterDeleteResponse),
  openChatSession: (req) => http.post(CHAT_SESSION_OPEN_PATH, req, ChatSessionOpenResponse),
  chatHistory: (req) => http.post(CHAT_HISTORY_PATH, req, ChatHistoryResponse),
});
