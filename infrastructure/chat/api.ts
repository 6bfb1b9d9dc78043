/** The chat calls (spec §7): a session, its history, the sessions list, its settings, a message deleted. */
import type { Observable } from 'rxjs';
import {
  CHAT_HISTORY_PATH,
  CHAT_INSTRUCTIONS_PATH,
  CHAT_MESSAGE_DELETE_PATH,
  CHAT_ONLINE_SEARCH_PATH,
  CHAT_SESSION_LIST_PATH,
  CHAT_SESSION_OPEN_PATH,
  ChatHistoryResponse,
  ChatMessageDeleteResponse,
  ChatSessionListResponse,
  ChatSessionOpenResponse,
  ChatSessionSettings,
  type ChatHistoryRequest,
  type ChatInstructionsRequest,
  type ChatMessageDeleteRequest,
  type ChatOnlineSearchRequest,
  type ChatSessionOpenRequest,
} from '../contract/characters';
import type { ApiResult, HttpClient } from '../http/client';

export interface ChatApi {
  readonly openChatSession: (req: ChatSessionOpenRequest) => Observable<ApiResult<ChatSessionOpenResponse>>;
  readonly chatHistory: (req: ChatHistoryRequest) => Observable<ApiResult<ChatHistoryResponse>>;
  readonly chatSessions: () => Observable<ApiResult<ChatSessionListResponse>>;
  readonly setOnlineSearch: (req: ChatOnlineSearchRequest) => Observable<ApiResult<ChatSessionSettings>>;
  readonly saveInstructions: (req: ChatInstructionsRequest) => Observable<ApiResult<ChatSessionSettings>>;
  readonly deleteChatMessage: (
    req: ChatMessageDeleteRequest,
  ) => Observable<ApiResult<ChatMessageDeleteResponse>>;
}

export const makeChatApi = (http: HttpClient): ChatApi => ({
  openChatSession: (req) => http.post(CHAT_SESSION_OPEN_PATH, req, ChatSessionOpenResponse),
  chatHistory: (req) => http.post(CHAT_HISTORY_PATH, req, ChatHistoryResponse),
  chatSessions: () => http.post(CHAT_SESSION_LIST_PATH, {}, ChatSessionListResponse),
  setOnlineSearch: (req) => http.post(CHAT_ONLINE_SEARCH_PATH, req, ChatSessionSettings),
  saveInstructions: (req) => http.post(CHAT_INSTRUCTIONS_PATH, req, ChatSessionSettings),
  deleteChatMessage: (req) => http.post(CHAT_MESSAGE_DELETE_PATH, req, ChatMessageDeleteResponse),
});
