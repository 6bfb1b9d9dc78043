import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayWith, stamp, type DomainEvent } from '../../../domain/index.js';
import { decideRoute as decide } from '../../../domain/routing/index.js';
import * as flags from '../../../domain/tracking/flags.js';
import { givenIn } from '../../support/context-spec.js';

const given = givenIn(flags.flagsContext);

describe('feature cookies (spec §6 "cookies enable_tavern and enable_st_tavern come from config items with content_type character / StCharacter")', () => {
  it('maps character to enable_tavern and StCharacter to enable_st_tavern', () => {
    expect(
      flags.flagCookiesOf([
        { contentType: 'character', enabled: true },
        { contentType: 'StCharacter', enabled: false },
      ]),
    ).toEqual({ enable_tavern: 'true', enable_st_tavern: 'false' });
  });
  it("writes 'false' for a content type the server did not send, and lets the last item of a type win", () => {
    expect(flags.flagCookiesOf([])).toEqual({ enable_tavern: 'false', enable_st_tavern: 'false' });
    expect(
      flags.flagCookiesOf([
        { contentType: 'StCharacter', enabled: true },
        { contentType: 'StCharacter', enabled: false },
        { contentType: 'StCharacter', enabled: true },
      ]),
    ).toEqual({ enable_tavern: 'false', enable_st_tavern: 'true' });
  });
});

describe('canary (spec §3 envelope "canary (A/B info)")', () => {
  it('lists the assignment as name=value pairs, booleans as 1/0, empty without flags', () => {
    expect(flags.canaryOf({ modelDetailV2: 'B', stTavern: true })).toBe('model_detail_v2=B,st_tavern=1');
    expect(flags.canaryOf({ stTavern: false })).toBe('st_tavern=0');
    expect(flags.canaryOf({})).toBe('');
  });
  it('property: the canary names exactly the assigned experiments', () => {
    const arb = fc.record(
      { modelDetailV2: fc.constantFrom<'A' | 'B'>('A', 'B'), stTavern: fc.boolean() },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(arb, (f) => {
        const names = flags
          .canaryOf(f)
          .split(',')
          .filter(Boolean)
          .map((p) => p.split('=')[0]);
        expect(names).toEqual([
          ...(f.modelDetailV2 ? ['model_detail_v2'] : []),
          ...(f.stTavern === undefined ? [] : ['st_tavern']),
        ]);
      }),
    );
  });
});

describe('route flags (spec §2 "model detail redirects ... when model_detail_v2 equals B", tavern routes and the ST-tavern A/B test)', () => {
  const base = {
    routeName: 'modelDetail',
    query: {},
    requiresAuth: false,
    hasSessionCookie: true,
    isBot: false,
    browserLanguage: 'en',
  } as const;
  it('feeds the route guards: B redirects the model detail, the ST-tavern test and cookie open the tavern', () => {
    const assignment: flags.AbFlags = { modelDetailV2: 'B', stTavern: true };
    expect(flags.routeFlagsOf(assignment)).toEqual({ model_detail_v2: 'B', abStTavern: true });
    const cookies = flags.routeCookiesOf([{ contentType: 'StCharacter', enabled: true }]);
    expect(
      decide({ ...base, path: '/models/42', cookies, flags: flags.routeFlagsOf(assignment) }),
    ).toMatchObject({
      kind: 'redirect',
      to: '/models/newDetail/42',
    });
    expect(
      decide({
        ...base,
        path: '/tavern/1',
        routeName: 'tavernDetail',
        cookies,
        flags: flags.routeFlagsOf(assignment),
      }).kind,
    ).toBe('allow');
    expect(
      decide({
        ...base,
        path: '/tavern/1',
        routeName: 'tavernDetail',
        cookies,
        flags: flags.routeFlagsOf({ stTavern: false }),
      }),
    ).toMatchObject({
      kind: 'redirect',
    });
  });
  it('leaves unassigned experiments out', () => {
    expect(flags.routeFlagsOf({})).toEqual({});
  });
});

describe('flags context (spec §7 are/you/ok)', () => {
  const payload: flags.FlagsReceivedPayload = {
    flags: { modelDetailV2: 'B', stTavern: false },
    configItems: [{ contentType: 'character', enabled: true }],
    unit: 'device',
  };
  it('is unknown at first, with no flags, an empty canary and closed tavern cookies', () => {
    const s = flags.initialFlagsState;
    expect(flags.selectAbFlags(s)).toEqual({});
    expect(flags.selectCanary(s)).toBe('');
    expect(flags.selectRouteFlags(s)).toEqual({});
    expect(flags.selectRouteCookies(s)).toEqual({ enable_tavern: 'false', enable_st_tavern: 'false' });
    expect(flags.selectCharacterChatEnabled(s)).toBe(false);
  });
  it('keeps the latest assignment with the time it arrived', () => {
    const { state } = given(flags.flagsReceived({ ...payload, flags: {} })).when(
      flags.flagsReceived(payload),
    );
    expect(state).toMatchObject({ status: 'known', flags: payload.flags, unit: 'device' });
    expect(flags.selectCanary(state)).toBe('model_detail_v2=B,st_tavern=0');
    expect(flags.selectRouteFlags(state)).toEqual({ model_detail_v2: 'B', abStTavern: false });
    expect(flags.selectRouteCookies(state)).toEqual({ enable_tavern: 'true', enable_st_tavern: 'false' });
    // Spec §6: the character chat is offered exactly when its permission cookie would be on.
    expect(flags.selectCharacterChatEnabled(state)).toBe(true);
    expect(
      flags.selectCharacterChatEnabled(
        given().when(
          flags.flagsReceived({ ...payload, configItems: [{ contentType: 'character', enabled: false }] }),
        ).state,
      ),
    ).toBe(false);
  });
  it('refuses an event it does not own', () => {
    expect(() =>
      flags.evolveFlags(flags.initialFlagsState, {
        type: 'other',
        payload: {},
        meta: { seq: 1, at: 0 },
      } as never),
    ).toThrow();
  });
  it('property: folding a random event sequence from scratch equals applying it step by step', () => {
    const arb = fc.array(
      fc.record({
        flags: fc.record(
          { modelDetailV2: fc.constantFrom<'A' | 'B'>('A', 'B'), stTavern: fc.boolean() },
          { requiredKeys: [] },
        ),
        configItems: fc.array(
          fc.record({
            contentType: fc.constantFrom<'character' | 'StCharacter'>('character', 'StCharacter'),
            enabled: fc.boolean(),
          }),
        ),
        unit: fc.constantFrom<'account' | 'device'>('account', 'device'),
      }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(arb, (payloads) => {
        const events = payloads.map((p, i) =>
          stamp(flags.flagsReceived(p), i + 1, 1000 * (i + 1)),
        ) as DomainEvent[];
        const evolve = flags.flagsContext.evolve as unknown as (
          s: flags.FlagsState,
          e: DomainEvent,
        ) => flags.FlagsState;
        const folded = replayWith(
          evolve,
          flags.flagsContext.invariants,
          flags.initialFlagsState,
          events,
        ).state;
        let step: flags.FlagsState = flags.initialFlagsState;
        for (const e of events) step = evolve(step, e);
        expect(folded).toEqual(step);
      }),
    );
  });
});

describe('whose assignment the route guards wait for (issue 21: the demo account reaches the tavern after its sign-in)', () => {
  const known = (unit: 'account' | 'device'): flags.FlagsState => ({
    status: 'known',
    flags: { stTavern: unit === 'account' },
    configItems: [],
    unit,
    receivedAt: 0,
    unavailableFor: null,
  });
  it("is the account's when signed in and the device's otherwise; nothing before an answer", () => {
    expect(flags.flagsSettledFor(known('account'), true)).toBe(true);
    expect(flags.flagsSettledFor(known('device'), true)).toBe(false);
    expect(flags.flagsSettledFor(known('device'), false)).toBe(true);
    expect(flags.flagsSettledFor(known('account'), false)).toBe(false);
    expect(flags.flagsSettledFor(flags.initialFlagsState, true)).toBe(false);
  });

  it('a failed ask settles it for that unit only, with the known flags kept; an answer clears the failure', () => {
    const at = { at: 0, seq: 0 };
    const failed = (s: flags.FlagsState, unit: flags.FlagsUnit) =>
      flags.evolveFlags(s, { ...flags.flagsUnavailable({ unit }), meta: at } as flags.FlagsEvent);
    // A first visit whose ask failed: the guards decide with none at once, not after a timer.
    expect(flags.flagsSettledFor(failed(flags.initialFlagsState, 'device'), false)).toBe(true);
    expect(flags.flagsSettledFor(failed(flags.initialFlagsState, 'device'), true)).toBe(false);
    // Signed in over the device's flags, the account's ask failed: decided on the device's.
    const fallback = failed(known('device'), 'account');
    expect(flags.flagsSettledFor(fallback, true)).toBe(true);
    expect(flags.selectAbFlags(fallback)).toEqual({ stTavern: false });
    const answered = flags.evolveFlags(fallback, {
      ...flags.flagsReceived({ flags: {}, configItems: [], unit: 'account' }),
      meta: at,
    } as flags.FlagsEvent);
    expect(answered.unavailableFor).toBeNull();
  });
});
