/**
 * Test doubles of the social capabilities. `fakeSocialDeps(scheduler)` is the quiet default every
 * store test gets (calls never answer, the browser online, no connectivity change).
 * `makeFakeSocial(scheduler, options)` also hands back the recorded calls with their virtual time.
 */
import { EMPTY, NEVER, type Observable, type SchedulerLike } from 'rxjs';
import type { SocialApi } from '../../../infrastructure/social/api';
import type { SocialDeps } from '../../../infrastructure/social/deps';

export interface SocialCall {
  readonly at: number;
  readonly name: keyof SocialApi;
  readonly body: unknown;
}

export interface FakeSocialOptions {
  readonly api?: Partial<SocialApi>;
  /** The browser's connectivity changes (a hot observable in marble tests). */
  readonly changes$?: Observable<boolean>;
  /** What navigator.onLine answers; a function so a test can flip it with the changes. */
  readonly isOnline?: () => boolean;
}

const NAMES: readonly (keyof SocialApi)[] = [
  'like',
  'collectAdd',
  'collectRemove',
  'collectBatchRemove',
  'collectMove',
  'collectList',
  'folderList',
  'folderCreate',
  'follow',
  'unfollow',
  'profile',
  'works',
  'followers',
  'following',
  'stats',
  'guideStatus',
  'setGuideStatus',
  'notices',
  'unreadCounts',
  'read',
  'readAll',
];

export const makeFakeSocial = (scheduler: SchedulerLike, options: FakeSocialOptions = {}) => {
  const calls: SocialCall[] = [];
  const api = Object.fromEntries(
    NAMES.map((name) => [
      name,
      (body: unknown) => {
        calls.push({ at: scheduler.now(), name, body });
        const impl = options.api?.[name] as ((b: unknown) => Observable<unknown>) | undefined;
        return impl ? impl(body) : EMPTY;
      },
    ]),
  ) as unknown as SocialApi;
  const deps: SocialDeps = {
    api,
    connectivity: { isOnline: options.isOnline ?? (() => true), changes$: options.changes$ ?? NEVER },
  };
  return { deps, calls };
};

export const fakeSocialDeps = (scheduler: SchedulerLike): SocialDeps => makeFakeSocial(scheduler).deps;
