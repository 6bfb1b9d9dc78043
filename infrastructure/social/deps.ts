/** What the social epics need, injected: the area's calls and the browser's connectivity. */
import type { Observable } from 'rxjs';
import type { SocialApi } from './api';

export interface Connectivity {
  /** Whether the browser thinks it is online now (navigator.onLine). */
  readonly isOnline: () => boolean;
  /** Each change: false on the browser's `offline` event, true on `online`. */
  readonly changes$: Observable<boolean>;
}

export interface SocialDeps {
  readonly api: SocialApi;
  readonly connectivity: Connectivity;
}
