import type { Observable, SchedulerLike } from 'rxjs';
import type { Api } from '../http/api';

/** Every capability an epic may use arrives here, injected: nothing is imported by an epic. */
export interface Dependencies {
  readonly api: Api;
  readonly clock: { readonly now: () => number };
  readonly scheduler: SchedulerLike;
  /** Random ids for notices and requests (12 characters, spec §9). */
  readonly ids: () => string;
  /** Tokens seen in response headers. */
  readonly tokens$: Observable<string>;
  /** Leaves the current page for another route (set by the view layer). */
  readonly navigate: (to: string) => void;
}
