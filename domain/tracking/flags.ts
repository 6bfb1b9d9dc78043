/**
 * A/B flags and feature config items (spec §2 model_detail_v2 and the ST-tavern test, §3
 * "canary (A/B info)", §6 "cookies enable_tavern and enable_st_tavern come from config items with
 * content_type character / StCharacter", §7 are/you/ok). The pure rules, and a small flags
 * context (event, state, reducer, selectors) ready to be composed into the root: the tracking
 * envelope's canary and the route guards both read the same assignment.
 */
import type { BoundedContext } from '../kernel/context.js';
import { assertNever, defineEvent, type DomainEvent } from '../kernel/event.js';
import type { RouteCookies, RouteFlags } from '../routing/rules.js';

export type ModelDetailVariant = 'A' | 'B';

/** The assignment of the named experiments; an experiment the server did not answer is absent. */
export interface AbFlags {
  readonly modelDetailV2?: ModelDetailVariant;
  readonly stTavern?: boolean;
}

export type ConfigContentType = 'character' | 'StCharacter';

export interface ConfigItem {
  readonly contentType: ConfigContentType;
  readonly enabled: boolean;
}

/** Spec §6: the cookie each config item's content type sets. */
export const FLAG_COOKIE_OF: Readonly<Record<ConfigContentType, 'enable_tavern' | 'enable_st_tavern'>> = {
  character: 'enable_tavern',
  StCharacter: 'enable_st_tavern',
};

export type FlagCookies = Readonly<Record<'enable_tavern' | 'enable_st_tavern', 'true' | 'false'>>;

/**
 * The cookie values the config items decide. A content type with no item is written 'false', so
 * a permission withdrawn by the server does not linger in an old cookie; when a type appears more
 * than once the last item wins (the server's order).
 */
export const flagCookiesOf = (items: readonly ConfigItem[]): FlagCookies => {
  const out = { enable_tavern: 'false', enable_st_tavern: 'false' } as Record<
    keyof FlagCookies,
    'true' | 'false'
  >;
  for (const item of items) out[FLAG_COOKIE_OF[item.contentType]] = item.enabled ? 'true' : 'false';
  return out;
};

/**
 * The canary string (A/B info) the event envelope carries: `name=value` pairs in name order,
 * joined by ','. Booleans read 1 or 0. Empty when nothing is assigned.
 */
export const canaryOf = (flags: AbFlags): string => {
  const pairs: string[] = [];
  if (flags.modelDetailV2 !== undefined) pairs.push(`model_detail_v2=${flags.modelDetailV2}`);
  if (flags.stTavern !== undefined) pairs.push(`st_tavern=${flags.stTavern ? 1 : 0}`);
  return pairs.join(',');
};

/** What the route guards of spec §2 read from the assignment. */
export const routeFlagsOf = (flags: AbFlags): RouteFlags => ({
  ...(flags.stTavern === undefined ? {} : { abStTavern: flags.stTavern }),
  ...(flags.modelDetailV2 === undefined ? {} : { model_detail_v2: flags.modelDetailV2 }),
});

/** The route guards' cookies from the config items (lang is not the flags' business). */
export const routeCookiesOf = (items: readonly ConfigItem[]): RouteCookies => flagCookiesOf(items);

// ---- the flags context ----------------------------------------------------------------------

export interface FlagsReceivedPayload {
  readonly flags: AbFlags;
  readonly configItems: readonly ConfigItem[];
  /** Whose assignment it is: the account when signed in, else the device. */
  readonly unit: 'account' | 'device';
}

export type FlagsUnit = FlagsReceivedPayload['unit'];

export interface FlagsUnavailablePayload {
  /** Whose assignment was asked for: the account when signed in, else the device. */
  readonly unit: FlagsUnit;
}

/** Whose assignment the person now here has: the account's when signed in, else the device's. */
export const flagsUnitOf = (signedIn: boolean): FlagsUnit => (signedIn ? 'account' : 'device');

/** The server's assignment arrived (or was read back from the local copy at start-up). */
export const flagsReceived = defineEvent<FlagsReceivedPayload>()('flags/received');
/**
 * Asking for the assignment failed (no answer, or an answer that was not one): the route guards
 * decide with what is known instead of waiting on.
 */
export const flagsUnavailable = defineEvent<FlagsUnavailablePayload>()('flags/unavailable');

export type FlagsEvent =
  | DomainEvent<typeof flagsReceived.type, FlagsReceivedPayload>
  | DomainEvent<typeof flagsUnavailable.type, FlagsUnavailablePayload>;
export const flagsEventTypes = [flagsReceived.type, flagsUnavailable.type] as const;

export type FlagsState = (
  | { readonly status: 'unknown' }
  | {
      readonly status: 'known';
      readonly flags: AbFlags;
      readonly configItems: readonly ConfigItem[];
      readonly unit: FlagsUnit;
      readonly receivedAt: number;
    }
) & {
  /** The unit whose assignment could not be had since the last one arrived, if any. */
  readonly unavailableFor: FlagsUnit | null;
};

export const initialFlagsState: FlagsState = { status: 'unknown', unavailableFor: null };

export const evolveFlags = (state: FlagsState, event: FlagsEvent): FlagsState => {
  switch (event.type) {
    case 'flags/received':
      return {
        status: 'known',
        flags: event.payload.flags,
        configItems: event.payload.configItems,
        unit: event.payload.unit,
        receivedAt: event.meta.at,
        unavailableFor: null,
      };
    case 'flags/unavailable':
      return state.unavailableFor === event.payload.unit
        ? state
        : { ...state, unavailableFor: event.payload.unit };
    default:
      return assertNever(event);
  }
};

const NO_FLAGS: AbFlags = {};

/**
 * Whether the guards can decide for the person now here: the known assignment is theirs (the
 * account's when signed in, else the device's), or asking for theirs failed. The route guards wait
 * for it, so that a sign-in is decided on the account's assignment (the demo account is in the
 * ST-tavern group), not on the device's it replaces, and a slow answer is waited for rather than
 * taken for none.
 */
export const flagsSettledFor = (s: FlagsState, signedIn: boolean): boolean => {
  const unit = flagsUnitOf(signedIn);
  return (s.status === 'known' && s.unit === unit) || s.unavailableFor === unit;
};

export const selectAbFlags = (s: FlagsState): AbFlags => (s.status === 'known' ? s.flags : NO_FLAGS);
export const selectCanary = (s: FlagsState): string => canaryOf(selectAbFlags(s));
export const selectRouteFlags = (s: FlagsState): RouteFlags => routeFlagsOf(selectAbFlags(s));
export const selectRouteCookies = (s: FlagsState): RouteCookies =>
  routeCookiesOf(s.status === 'known' ? s.configItems : []);

export const flagsContext: BoundedContext<FlagsState, FlagsEvent> = {
  name: 'flags',
  initialState: initialFlagsState,
  evolve: evolveFlags,
  eventTypes: flagsEventTypes,
  invariants: [],
};

/** Spec §6: chatting with characters is allowed when the server's config item enables it (cookie enable_tavern). */
export const selectCharacterChatEnabled = (s: FlagsState): boolean =>
  selectRouteCookies(s).enable_tavern === 'true';
