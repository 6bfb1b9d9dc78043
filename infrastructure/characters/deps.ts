/** The characters' ports: their calls (api.ts), on the shared HTTP client in the browser (browser.ts). */
import type { CharactersApi } from './api';

export interface CharactersDeps {
  readonly api: CharactersApi;
}
