/** The character calls (spec §7): the directory, one, search, create, update, delete, defaults and templates. */
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
  CharacterDefaultsResponse,
  CharacterDeleteResponse,
  CharacterListResponse,
  CharacterResponse,
  CharacterTemplatesResponse,
  type CharacterCreateRequest,
  type CharacterIdRequest,
  type CharacterListRequest,
  type CharacterSearchRequest,
  type CharacterTemplatesRequest,
  type CharacterUpdateRequest,
} from '../contract/characters';
import type { ApiResult, HttpClient } from '../http/client';

export interface CharactersApi {
  readonly listCharacters: (req: CharacterListRequest) => Observable<ApiResult<CharacterListResponse>>;
  readonly characterDetail: (req: CharacterIdRequest) => Observable<ApiResult<CharacterResponse>>;
  readonly createCharacter: (req: CharacterCreateRequest) => Observable<ApiResult<CharacterResponse>>;
  readonly updateCharacter: (req: CharacterUpdateRequest) => Observable<ApiResult<CharacterResponse>>;
  readonly deleteCharacter: (req: CharacterIdRequest) => Observable<ApiResult<CharacterDeleteResponse>>;
  readonly searchCharacters: (req: CharacterSearchRequest) => Observable<ApiResult<CharacterListResponse>>;
  readonly characterDefaults: () => Observable<ApiResult<CharacterDefaultsResponse>>;
  readonly characterTemplates: (
    req: CharacterTemplatesRequest,
  ) => Observable<ApiResult<CharacterTemplatesResponse>>;
}

export const makeCharactersApi = (http: HttpClient): CharactersApi => ({
  listCharacters: (req) => http.post(CHARACTER_LIST_PATH, req, CharacterListResponse),
  characterDetail: (req) => http.post(CHARACTER_DETAIL_PATH, req, CharacterResponse),
  createCharacter: (req) => http.post(CHARACTER_CREATE_PATH, req, CharacterResponse),
  updateCharacter: (req) => http.post(CHARACTER_UPDATE_PATH, req, CharacterResponse),
  deleteCharacter: (req) => http.post(CHARACTER_DELETE_PATH, req, CharacterDeleteResponse),
  searchCharacters: (req) => http.post(CHARACTER_SEARCH_PATH, req, CharacterListResponse),
  characterDefaults: () => http.post(CHARACTER_DEFAULTS_PATH, {}, CharacterDefaultsResponse),
  characterTemplates: (req) => http.post(CHARACTER_TEMPLATES_PATH, req, CharacterTemplatesResponse),
});
