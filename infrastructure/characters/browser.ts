/** The characters' ports in the browser: their calls on the shared HTTP client. */
import type { HttpClient } from '../http/client';
import { makeCharactersApi } from './api';
import type { CharactersDeps } from './deps';

export const browserCharactersDeps = (http: HttpClient): CharactersDeps => ({ api: makeCharactersApi(http) });
