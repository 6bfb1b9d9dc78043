/**
 * A/B flags (spec §7 are/you/ok): read back from local storage at start (so the variant a person
 * saw last time holds until the server answers), fetched at start and again whenever the signed-in
 * account changes (the assignment unit is the account, else the device). Each answer is kept in
 * local storage, written to the enable_tavern / enable_st_tavern cookies the route guards read
 * (spec §6), and emitted as `flags/received` (domain/tracking/flags.ts). The tracking envelope
 * reads its canary from the stored copy.
 *
 * A failed fetch keeps the stored flags and shows nothing (flags are background data, never a
 * toast); it is recorded as `flags/unavailable`, so the route guards decide instead of waiting on.
 */
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { EMPTY, concat, distinctUntilChanged, filter, map, mergeMap, of, switchMap, take } from 'rxjs';
import { session } from '../../domain/index.js';
import * as flags from '../../domain/tracking/flags.js';
import type { AbFlagsResponse } from '../contract/telemetry';
import type { Action, AppEpic } from '../epics/types';
import { appStarted } from '../store/commands';
import type { KeyValueStorage } from './deps';

export const FLAGS_STORAGE_KEY = 'ab_flags';
/** The feature cookies live as long as the device id (spec §9: 60 days); every start refreshes them. */
export const FLAG_COOKIE_MAX_AGE_S = 60 * 24 * 3600;

const StoredFlags = t.type({
  flags: t.partial({ modelDetailV2: t.keyof({ A: null, B: null }), stTavern: t.boolean }),
  configItems: t.array(
    t.type({ contentType: t.keyof({ character: null, StCharacter: null }), enabled: t.boolean }),
  ),
  unit: t.keyof({ account: null, device: null }),
});

export const readStoredFlags = (storage: KeyValueStorage): flags.FlagsReceivedPayload | null => {
  const raw = storage.getItem(FLAGS_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const decoded = StoredFlags.decode(JSON.parse(raw));
    return E.isRight(decoded) ? decoded.right : null;
  } catch {
    return null;
  }
};

/** The canary (A/B info) of the event envelope: the stored assignment, '' before any. */
export const storedCanary = (storage: KeyValueStorage): string => {
  const stored = readStoredFlags(storage);
  return stored === null ? '' : flags.canaryOf(stored.flags);
};

/** The wire answer in domain names. */
export const toFlagsPayload = (r: AbFlagsResponse): flags.FlagsReceivedPayload => ({
  flags: {
    ...(r.flags.model_detail_v2 === undefined ? {} : { modelDetailV2: r.flags.model_detail_v2 }),
    ...(r.flags.st_tavern === undefined ? {} : { stTavern: r.flags.st_tavern }),
  },
  configItems: r.config_items.map((c) => ({ contentType: c.content_type, enabled: c.enabled })),
  unit: r.unit,
});

export const abFlagsEpic: AppEpic = (action$, state$, { telemetry }) =>
  action$.pipe(
    filter(appStarted.match),
    take(1),
    mergeMap(() => {
      const stored = readStoredFlags(telemetry.storage);
      const restored$ = stored === null ? EMPTY : of<Action>(flags.flagsReceived(stored));
      const fetches$ = state$.pipe(
        map((s) => session.selectUser(s.session)?.id ?? null),
        distinctUntilChanged(),
        switchMap((account) =>
          telemetry.api.abFlags({}).pipe(
            take(1),
            mergeMap((result) => {
              if (E.isLeft(result))
                return of<Action>(flags.flagsUnavailable({ unit: flags.flagsUnitOf(account !== null) }));
              const payload = toFlagsPayload(result.right);
              telemetry.storage.setItem(FLAGS_STORAGE_KEY, JSON.stringify(payload));
              for (const [name, value] of Object.entries(flags.flagCookiesOf(payload.configItems)))
                telemetry.setCookie(name, value, FLAG_COOKIE_MAX_AGE_S);
              return of<Action>(flags.flagsReceived(payload));
            }),
          ),
        ),
      );
      return concat(restored$, fetches$);
    }),
  );
