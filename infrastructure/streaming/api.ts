/** The calls the streaming deps carry: the characters' and the chat's, one object on the shared HTTP client. */
import { makeCharactersApi, type CharactersApi } from '../characters/api';
import { makeChatApi, type ChatApi } from '../chat/api';
import type { HttpClient } from '../http/client';

export type StudioApi = CharactersApi & ChatApi;

export const makeStudioApi = (http: HttpClient): StudioApi => ({
  ...makeCharactersApi(http),
  ...makeChatApi(http),
});
