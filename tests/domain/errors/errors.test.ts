import fc from 'fast-check';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import * as errors from '../../../domain/errors/index.js';
import * as routing from '../../../domain/routing/index.js';
import type { ErrorContext, ErrorEffect, ErrorInput, VipTier } from '../../../domain/errors/index.js';
import { catalogueOf } from '../../support/messages';

const guestCtx: ErrorContext = {
  isMember: false,
  isEnterprise: false,
  onToolPage: false,
  isListedTaskCall: false,
};
const member = (vipTier?: VipTier): ErrorContext => ({
  ...guestCtx,
  isMember: true,
  ...(vipTier ? { vipTier } : {}),
});
const enterprise = (enterpriseRole: 'admin' | 'member'): ErrorContext => ({
  ...guestCtx,
  isMember: true,
  isEnterprise: true,
  enterpriseRole,
});

const api = (
  code: number,
  context: ErrorContext = guestCtx,
  msg = '',
  extra: Partial<ErrorInput> = {},
): ErrorInput => ({ kind: 'api', code, msg, path: '/api/v1/task/create', context, ...extra }) as ErrorInput;
const map = (code: number, context: ErrorContext = guestCtx, msg = '') =>
  errors.mapError(api(code, context, msg));

const toastOf = (effect: ErrorEffect) => {
  if (effect.kind !== 'toast') throw new Error(`expected a toast, got ${effect.kind}`);
  return effect;
};

const arbTier = fc.constantFrom<VipTier | undefined>(undefined, 'lite', 'day', 1, 2, 3, 4);
const arbContext: fc.Arbitrary<ErrorContext> = fc
  .record({
    isMember: fc.boolean(),
    isEnterprise: fc.boolean(),
    enterpriseRole: fc.constantFrom<'admin' | 'member' | undefined>(undefined, 'admin', 'member'),
    vipTier: arbTier,
    onToolPage: fc.boolean(),
    isListedTaskCall: fc.boolean(),
    operation: fc.constantFrom<'saveVideoProject' | 'like' | 'limitCheck' | undefined>(
      undefined,
      'saveVideoProject',
      'like',
      'limitCheck',
    ),
  })
  .map(
    (c) =>
      Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) as unknown as ErrorContext,
  );

const arbInput: fc.Arbitrary<ErrorInput> = fc.oneof(
  fc
    .record({
      code: fc.oneof(fc.integer(), fc.integer({ min: 10000, max: 200000 }), fc.constantFrom(Number.NaN, -0)),
      msg: fc.string(),
      path: fc.string(),
      silent: fc.option(fc.boolean(), { nil: undefined }),
      context: arbContext,
    })
    .map((r) => ({ kind: 'api' as const, ...r })),
  fc.integer({ min: 100, max: 599 }).map((status) => ({ kind: 'http' as const, status })),
  fc.constant({ kind: 'network' as const }),
  fc.string().map((path) => ({ kind: 'decode' as const, path })),
  fc.constant({ kind: 'cancelled' as const }),
);

describe('errors: success and pass-through (spec §8 "10000 success. 10404, 10403 and 500401 are not an error for the limit branch")', () => {
  it('10000 has no effect', () => {
    expect(map(10000)).toEqual({ kind: 'none' });
    expect(map(10000, member(), 'ok')).toEqual({ kind: 'none' });
  });
  it('10404, 10403 and 500401 are read as data by a limit check, with no effect', () => {
    for (const code of [10404, 10403, 500401])
      expect(map(code, { ...guestCtx, operation: 'limitCheck' })).toEqual({ kind: 'none' });
  });
  it('outside the limit branch 10404, 10403 and 500401 are refusals: the message table, 5 s (issue 25)', () => {
    for (const code of [10404, 10403, 500401])
      expect(toastOf(map(code, guestCtx, 'gone'))).toMatchObject({
        level: 'error',
        messageKey: `HttpErrorCode_${code}`,
        fallback: 'gone',
        durationMs: 5000,
      });
    // Every language names the two the server answers most (10403 forbidden, 10404 not found).
    for (const locale of routing.SUPPORTED_LOCALES)
      for (const code of [10403, 10404])
        expect(catalogueOf(locale)[`HttpErrorCode_${code}`], locale).toBeTruthy();
  });
  it('spec §8 "10404 on saving a video project shows saveFailed"', () => {
    const effect = map(10404, { ...guestCtx, operation: 'saveVideoProject' });
    expect(effect).toEqual({
      kind: 'toast',
      level: 'error',
      messageKey: 'saveFailed',
      values: {},
      fallbackKey: null,
      fallback: null,
      durationMs: 5000,
    });
    expect(toastOf(map(10403, { ...guestCtx, operation: 'saveVideoProject' })).messageKey).toBe(
      'HttpErrorCode_10403',
    );
  });
});

describe('errors: silence (spec §8 "Silent calls, or codes 10616, 10618, 10619, 10621, 30047, 10610, 60003, 60004: no toast"; "150002: silent")', () => {
  it('every listed code is silent', () => {
    for (const code of [10616, 10618, 10619, 10621, 30047, 10610, 60003, 60004, 150002])
      expect(map(code)).toEqual({ kind: 'silent' });
  });
  it('a silent call is silent for any failing code', () => {
    expect(errors.mapError(api(70002, member(1), '', { silent: true }))).toEqual({ kind: 'silent' });
    expect(errors.mapError(api(99999, guestCtx, 'boom', { silent: true }))).toEqual({ kind: 'silent' });
    expect(errors.mapError(api(10000, guestCtx, '', { silent: true }))).toEqual({ kind: 'none' });
  });
  it('property: every code in the silent list is silent for every context', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...errors.SILENT_CODES),
        arbContext,
        fc.string(),
        fc.boolean(),
        (code, ctx, msg, silent) => {
          expect(errors.mapError(api(code, ctx, msg, { silent }))).toEqual({ kind: 'silent' });
        },
      ),
    );
  });
});

describe('errors: session (spec §8 "20000 to 20004: log out and open the login dialog (on the tool pages or the listed task calls), otherwise redirect home with openLoginDialog=1")', () => {
  it('on a tool page or a listed task call: log out and open the login dialog in place', () => {
    for (const code of [20000, 20001, 20002, 20003, 20004]) {
      expect(map(code, { ...guestCtx, onToolPage: true })).toEqual({ kind: 'loginDialog', logout: true });
      expect(map(code, { ...member(), isListedTaskCall: true })).toEqual({
        kind: 'loginDialog',
        logout: true,
      });
    }
  });
  it('elsewhere: log out and go home with openLoginDialog=1', () => {
    expect(map(20002, member(3))).toEqual({
      kind: 'redirect',
      to: '/',
      query: { openLoginDialog: '1' },
      openLoginDialog: false,
      logout: true,
    });
  });
  it('spec §8 "20301: redirect home with toActive and the login dialog"', () => {
    expect(map(20301)).toEqual({
      kind: 'redirect',
      to: '/',
      query: { toActive: '1' },
      openLoginDialog: true,
      logout: false,
    });
  });
  it('session expiry wins over a like failure', () => {
    expect(map(20000, { ...guestCtx, operation: 'like' }).kind).toBe('redirect');
  });
  it('knows the tool pages of spec §2, with a locale prefix, a trailing slash or a query', () => {
    expect(errors.isToolPage('/ai-tools/ai-face-swap')).toBe(true);
    expect(errors.isToolPage('/ja/ai-tools/ai_erase/')).toBe(true);
    expect(errors.isToolPage('/ai-tools/ai-video-generator?x=1')).toBe(true);
    expect(errors.isToolPage('/ai-tools/unknown')).toBe(false);
    expect(errors.isToolPage('/x-ai-tools/ai-dance')).toBe(false);
    expect(errors.isToolPage).toBe(routing.isToolPage); // one rule, owned by routing
  });
});

describe('errors: LoRA training limit (spec §8 "120013: a member gets a toast (everyTrainLimit) or an upgrade dialog; a non-member gets a break dialog")', () => {
  it('a non-member gets the break dialog', () => {
    expect(map(120013)).toEqual({ kind: 'dialog', name: 'break', variant: 'LoraTrain' });
  });
  it('a member who can still upgrade (lite, day pass, tier 1 and 2, or no VIP tier) gets the upgrade dialog', () => {
    for (const tier of [undefined, 'lite', 'day', 1, 2] as const)
      expect(map(120013, member(tier))).toEqual({ kind: 'dialog', name: 'upgrade', variant: 'LoraTrain' });
  });
  it('a member at tier 3 or 4 gets the everyTrainLimit toast', () => {
    for (const tier of [3, 4] as const)
      expect(toastOf(map(120013, member(tier)))).toMatchObject({
        messageKey: 'everyTrainLimit',
        level: 'warning',
      });
  });
});

describe('errors: computing and GPU limits (spec §8 "80214 and 70039: VIP computing dialog"; "70010 and 80008: VIP or GPU limit")', () => {
  it('80214 and 70039 open the VIP computing dialog for everyone', () => {
    for (const ctx of [guestCtx, member(4), enterprise('admin')]) {
      expect(map(80214, ctx)).toEqual({ kind: 'dialog', name: 'vipComputing', variant: null });
      expect(map(70039, ctx)).toEqual({ kind: 'dialog', name: 'vipComputing', variant: null });
    }
  });
  it('70010 and 80008: a non-member is offered VIP, a member is told about the GPU limit', () => {
    for (const code of [70010, 80008]) {
      expect(map(code)).toEqual({ kind: 'dialog', name: 'vipLimit', variant: null });
      expect(map(code, member(2))).toEqual({ kind: 'dialog', name: 'gpuLimit', variant: null });
    }
  });
  it('company accounts get a dialog of their own naming the role, admins and members different ones', () => {
    for (const code of [70010, 80008]) {
      expect(map(code, enterprise('admin'))).toEqual({
        kind: 'dialog',
        name: 'enterpriseCompute',
        variant: 'Admin',
      });
      expect(map(code, enterprise('member'))).toEqual({
        kind: 'dialog',
        name: 'enterpriseCompute',
        variant: 'Member',
      });
    }
    // A company account whose role is unknown is spoken to as a member: nothing is sold to it.
    expect(map(80008, { ...guestCtx, isEnterprise: true })).toEqual({
      kind: 'dialog',
      name: 'enterpriseCompute',
      variant: 'Member',
    });
  });
});

describe('errors: queue full (spec §6 "lite and tier 1 and 2 users are told to upgrade; tier 3 and 4 see a plain limit message. Enterprise admins and members see different messages")', () => {
  it('lite and tiers 1 and 2 get the Queue10 upgrade dialog', () => {
    for (const tier of ['lite', 1, 2] as const)
      expect(map(70002, member(tier))).toEqual({ kind: 'dialog', name: 'upgrade', variant: 'Queue10' });
  });
  it('tiers 3 and 4 get the plain taskQueueFull toast', () => {
    for (const tier of [3, 4] as const)
      expect(toastOf(map(70002, member(tier)))).toMatchObject({
        messageKey: 'taskQueueFull',
        fallbackKey: 'taskError',
      });
  });
  it('a non-member gets the Queue5 break dialog', () => {
    expect(map(70002)).toEqual({ kind: 'dialog', name: 'break', variant: 'Queue5' });
  });
  it('enterprise admins and members see different messages: the company queue dialog names the role', () => {
    expect(map(70002, enterprise('admin'))).toEqual({
      kind: 'dialog',
      name: 'enterpriseQueue',
      variant: 'Admin',
    });
    expect(map(70002, enterprise('member'))).toEqual({
      kind: 'dialog',
      name: 'enterpriseQueue',
      variant: 'Member',
    });
    // Whatever the company account's tier, it never gets the personal upgrade or break dialog.
    for (const tier of [undefined, 'lite', 1, 2, 3, 4] as const)
      for (const role of ['admin', 'member'] as const)
        expect(map(70002, { ...enterprise(role), ...(tier ? { vipTier: tier } : {}) })).toMatchObject({
          kind: 'dialog',
          name: 'enterpriseQueue',
        });
  });
});

describe('errors: codes with messages of their own (spec §8)', () => {
  it('"190000: unlock buy dialog"', () => {
    expect(map(190000)).toEqual({ kind: 'dialog', name: 'unlockBuy', variant: null });
  });
  it('"70009: message listing forbidden models (Checkpoint or LoRA name) with a disabled suffix"', () => {
    expect(toastOf(map(70009, guestCtx, 'Checkpoint: DreamShaper, RealVis'))).toMatchObject({
      messageKey: 'modelsDisabled',
      values: { modelType: 'Checkpoint', names: 'DreamShaper, RealVis' },
      fallbackKey: 'taskError',
    });
    expect(errors.parseForbiddenModels('LORA 夜景，Pixel')).toEqual({
      modelType: 'LoRA',
      names: '夜景, Pixel',
    });
    expect(errors.parseForbiddenModels('Anything')).toEqual({ modelType: '', names: 'Anything' });
    expect(errors.parseForbiddenModels('')).toEqual({ modelType: '', names: '' });
  });
  it('"40311: server message plus a creative-center hint"', () => {
    expect(toastOf(map(40311, guestCtx, 'Publish from the studio'))).toMatchObject({
      messageKey: 'creativeCenterHint',
      values: { msg: 'Publish from the studio' },
      fallback: 'Publish from the studio',
    });
  });
  it('"40313: canvas count limit dialogs (5 or 10 canvases, or basic break)"', () => {
    expect(map(40313)).toEqual({ kind: 'dialog', name: 'canvasLimit', variant: 'Canvas5' });
    expect(map(40313, member(1))).toEqual({ kind: 'dialog', name: 'canvasLimit', variant: 'Canvas10' });
    expect(map(40313, member(4))).toEqual({ kind: 'dialog', name: 'break', variant: 'Basic' });
    expect(map(40313, enterprise('admin'))).toEqual({ kind: 'dialog', name: 'break', variant: 'Basic' });
  });
  it('"10608: create-chat failure, with a target name from the message prefix"', () => {
    expect(toastOf(map(10608, guestCtx, 'Aiko: could not start a chat'))).toMatchObject({
      messageKey: 'createChatFailed',
      // The value the catalogues' {target} reads (it was sent as `name` and shown as a raw "{target}").
      values: { target: 'Aiko' },
    });
    expect(errors.chatTargetOf('Mika：失败')).toBe('Mika');
    expect(errors.chatTargetOf(' Ren ')).toBe('Ren');
  });
  it('"Code 30010 shows audioUploadError", falling back to the upload family key', () => {
    expect(toastOf(map(30010))).toMatchObject({ messageKey: 'audioUploadError', fallbackKey: 'uploadError' });
  });
  it('issue 21: a refused task input is named in words with its limit, never "The request was not valid." (10400)', () => {
    const tooLarge = toastOf(map(30043, guestCtx, 'the input is 3000x2000, larger than 2048x2048 pixels'));
    expect(tooLarge).toMatchObject({
      level: 'warning',
      messageKey: 'HttpErrorCode_30043',
      values: { width: 2048, height: 2048 },
      fallbackKey: 'uploadError',
      // The server's English is not what a person reads.
      fallback: null,
    });
    expect(toastOf(map(30045))).toMatchObject({ messageKey: 'HttpErrorCode_30045', values: { side: 3072 } });
    expect(toastOf(map(30044))).toMatchObject({
      messageKey: 'HttpErrorCode_30044',
      fallbackKey: 'uploadError',
    });
    for (const code of [30043, 30044, 30045])
      expect(toastOf(map(code)).messageKey).not.toBe('HttpErrorCode_10400');
    // Every language says it, naming the limit (the numbers the values carry).
    for (const locale of routing.SUPPORTED_LOCALES) {
      const catalogue = catalogueOf(locale);
      const text = (key: string, values: Record<string, string | number>) =>
        new IntlMessageFormat(catalogue[key] ?? '', locale).format(values) as string;
      expect(text('HttpErrorCode_30043', tooLarge.values), locale).toMatch(/2048\D+2048/);
      expect(text('HttpErrorCode_30045', { side: 3072 }), locale).toContain('3072');
      expect(catalogue['HttpErrorCode_30044'], locale).toBeTruthy();
      if (locale !== 'en')
        expect(catalogue['HttpErrorCode_30043']).not.toBe(catalogueOf('en')['HttpErrorCode_30043']);
    }
  });
  it('"Like: failure shows status.msg or ServerError"', () => {
    const like = { ...guestCtx, operation: 'like' as const };
    expect(toastOf(map(70001, like, 'Too fast'))).toMatchObject({
      messageKey: errors.SERVER_MESSAGE_KEY,
      values: { msg: 'Too fast' },
      fallback: 'Too fast',
    });
    expect(toastOf(map(70001, like, '  '))).toMatchObject({ messageKey: 'ServerError', values: {} });
  });
});

describe('errors: the message table (spec §8 "Other codes map to a message table, shown 5 s as a warning or error")', () => {
  it('named codes of each family get HttpErrorCode_<code> with the family key as fallback', () => {
    const cases: [number, string][] = [
      [110003, 'channelError'],
      [70001, 'taskError'],
      [70008, 'taskError'],
      [30001, 'uploadError'],
      [30005, 'uploadError'],
      [30042, 'uploadError'],
      [120002, 'trainingError'],
      [120006, 'trainingError'],
      [140002, 'videoError'],
      [20105, 'accountError'],
      [40007, 'commentViolates'],
      [80304, 'decorationSoldOut'],
      [80307, 'noCoins'],
      [190001, 'episodesInOrder'],
      [20306, 'imageLimit'],
      [40020, 'collectDeleteLimit'],
      [40316, 'bindAccountError'],
      [40324, 'bindAccountError'],
    ];
    for (const [code, family] of cases)
      expect(toastOf(map(code, guestCtx, 'server says'))).toEqual({
        kind: 'toast',
        level: 'warning',
        messageKey: `HttpErrorCode_${code}`,
        values: { code },
        fallbackKey: family,
        fallback: 'server says',
        durationMs: 5000,
      });
  });
  it('a code outside every family is an error toast falling back to the server text, then ServerError', () => {
    expect(toastOf(map(99999, guestCtx, 'Odd'))).toMatchObject({
      level: 'error',
      messageKey: 'HttpErrorCode_99999',
      fallbackKey: 'ServerError',
      fallback: 'Odd',
    });
    expect(toastOf(map(99999)).fallback).toBeNull();
  });
  it('finds families by code and builds message keys', () => {
    expect(errors.familyOf(70050)?.name).toBe('task');
    expect(errors.familyOf(70051)).toBeUndefined();
    expect(errors.httpErrorCodeKey(30003)).toBe('HttpErrorCode_30003');
  });
  it('property: every code of each family maps to a key of that family', () => {
    const special = new Set([20000, 20001, 20002, 20003, 20004, 30010, 30047, 70002, 70009, 70010, 70039]);
    const arbFamilyCode = fc
      .constantFrom(...errors.CODE_FAMILIES)
      .chain((f) => fc.tuple(fc.constant(f), fc.integer({ min: f.from, max: f.to })));
    fc.assert(
      fc.property(arbFamilyCode, arbContext, fc.string(), ([family, code], ctx, msg) => {
        const effect = errors.mapError(api(code, { ...ctx, operation: undefined }, msg));
        if (special.has(code)) {
          if (effect.kind === 'toast') expect(effect.fallbackKey).toBe(family.key);
          return;
        }
        const t = toastOf(effect);
        expect(t.messageKey).toBe(`HttpErrorCode_${code}`);
        expect(t.fallbackKey).toBe(family.key);
      }),
    );
  });
});

describe('errors: HTTP and network (spec §8 "HTTP 403 leads to /403 ... Cancelled requests never resolve. Network errors are reported as apiErr")', () => {
  it('403 redirects to /403', () => {
    expect(errors.mapError({ kind: 'http', status: 403 })).toEqual({
      kind: 'redirect',
      to: '/403',
      query: {},
      openLoginDialog: false,
      logout: false,
    });
  });
  it('HTTP 401 ends the session as 20000 does: the login dialog in place on a tool page or a listed task call, else home (issue 25)', () => {
    const home = {
      kind: 'redirect',
      to: '/',
      query: { openLoginDialog: '1' },
      openLoginDialog: false,
      logout: true,
    };
    expect(errors.mapError({ kind: 'http', status: 401 })).toEqual(home);
    expect(errors.mapError({ kind: 'http', status: 401, context: guestCtx })).toEqual(home);
    expect(
      errors.mapError({ kind: 'http', status: 401, context: { ...guestCtx, isListedTaskCall: true } }),
    ).toEqual({ kind: 'loginDialog', logout: true });
    expect(
      errors.mapError({ kind: 'http', status: 401, context: { ...guestCtx, onToolPage: true } }),
    ).toEqual(errors.mapError(api(20000, { ...guestCtx, onToolPage: true })));
  });
  it('other HTTP statuses and network failures are apiErr', () => {
    expect(toastOf(errors.mapError({ kind: 'http', status: 500 }))).toMatchObject({
      messageKey: 'apiErr',
      values: { status: 500 },
    });
    expect(toastOf(errors.mapError({ kind: 'network' }))).toMatchObject({
      messageKey: 'apiErr',
      level: 'error',
    });
  });
  it('a decode failure names the path that failed', () => {
    expect(toastOf(errors.mapError({ kind: 'decode', path: 'data.items.0.status' }))).toMatchObject({
      messageKey: 'decodeError',
      values: { path: 'data.items.0.status' },
    });
  });
  it('a cancelled request has no effect', () => {
    expect(errors.mapError({ kind: 'cancelled' })).toEqual({ kind: 'none' });
  });
  it('an input of an unknown kind still gives an apiErr toast instead of throwing', () => {
    expect(toastOf(errors.mapError({ kind: 'teleport' } as unknown as ErrorInput)).messageKey).toBe('apiErr');
  });
});

describe('errors: totality (spec §9 "Error toast 5 s")', () => {
  const kinds = new Set(['none', 'silent', 'toast', 'loginDialog', 'redirect', 'dialog']);
  it('property: mapError gives a valid effect for any input and never throws; toasts last 5000 ms', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const effect = errors.mapError(input);
        expect(kinds.has(effect.kind)).toBe(true);
        if (effect.kind === 'toast') {
          expect(effect.durationMs).toBe(5000);
          expect(['warning', 'error']).toContain(effect.level);
          expect(effect.messageKey.length).toBeGreaterThan(0);
        }
        if (effect.kind === 'redirect') expect(['/', '/403']).toContain(effect.to);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('errors: tiers (spec §3 "VIP types")', () => {
  it('maps VIP types to tiers; trials count as their tier', () => {
    expect(errors.vipTierOf('svip_1')).toBe(1);
    expect(errors.vipTierOf('svip_2_trial')).toBe(2);
    expect(errors.vipTierOf('SVIP_4')).toBe(4);
    expect(errors.vipTierOf('vip_lite')).toBe('lite');
    expect(errors.vipTierOf('vip_day3')).toBe('day');
    expect(errors.vipTierOf('gold')).toBeUndefined();
  });
  it('only members below tier 3 can upgrade', () => {
    expect(errors.canUpgrade(guestCtx)).toBe(false);
    expect(errors.canUpgrade(member())).toBe(true);
    expect(errors.canUpgrade(member(3))).toBe(false);
  });
});

describe('errors: retry policies (spec §8 "Dialog manager: lookup retries 10 times every 500 ms"; "A 502 on /api/v1/account/active is retried up to 3 times at 1 s")', () => {
  it('the dialog lookup retries 10 times, 500 ms apart', () => {
    expect(errors.dialogLookupDecision(0)).toEqual({ retry: true, delayMs: 500 });
    expect(errors.dialogLookupDecision(9)).toEqual({ retry: true, delayMs: 500 });
    expect(errors.dialogLookupDecision(10)).toEqual({ retry: false });
  });
  it('a 502 on account/active is retried 3 times, 1 s apart; nothing else is', () => {
    const active = { path: '/api/v1/account/active', status: 502 };
    expect([0, 1, 2].map((n) => errors.accountActiveRetryDecision(active, n))).toEqual(
      Array(3).fill({ retry: true, delayMs: 1000 }),
    );
    expect(errors.accountActiveRetryDecision(active, 3)).toEqual({ retry: false });
    expect(
      errors.accountActiveRetryDecision({ path: 'https://h/api/v1/account/active/?t=1', status: 502 }, 0)
        .retry,
    ).toBe(true);
    expect(errors.accountActiveRetryDecision({ ...active, status: 500 }, 0)).toEqual({ retry: false });
    expect(errors.accountActiveRetryDecision({ path: '/api/v1/account/settings', status: 502 }, 0)).toEqual({
      retry: false,
    });
  });
  it('property: following the decisions never retries more than the budgets', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (cap) => {
        let lookups = 0;
        while (lookups < cap + 20 && errors.dialogLookupDecision(lookups).retry) lookups++;
        expect(lookups).toBe(errors.DIALOG_LOOKUP_RETRIES);
        let retries = 0;
        while (
          retries < cap + 20 &&
          errors.accountActiveRetryDecision({ path: errors.ACCOUNT_ACTIVE_PATH, status: 502 }, retries).retry
        )
          retries++;
        expect(retries).toBe(errors.ACCOUNT_ACTIVE_RETRIES);
      }),
    );
  });
});
