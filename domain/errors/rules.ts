/**
 * The error map of spec §8: what one failed (or successful) call means for the user, as a
 * pure decision. The HTTP client turns every response, transport failure and decode failure
 * into an `ErrorInput`; `mapError` answers with exactly one `ErrorEffect`, and the epics carry
 * it out (raise a notice, log out, navigate, open a dialog). It is total: any code, any context.
 */
import {
  ErrorCodes,
  familyOf,
  httpErrorCodeKey,
  NOT_AN_ERROR_CODES,
  SILENT_CODES,
  type VipTier,
} from './catalogue.js';
import { INPUT_LIMIT_SIDE, MAX_OUTPUT_SIDE } from '../uploads/rules.js';

/** Spec §9: error toasts last 5 s. */
export const ERROR_TOAST_DURATION_MS = 5000;

/** A message key whose translation is just `{msg}`: the server's own text, shown as is. */
export const SERVER_MESSAGE_KEY = 'serverMessage';

/** Who is asking and from where; the map needs nothing else to decide. */
export interface ErrorContext {
  readonly isMember: boolean;
  readonly isEnterprise: boolean;
  /** Company accounts are admins or ordinary members (spec §6, by show_entry). */
  readonly enterpriseRole?: 'admin' | 'member';
  readonly vipTier?: VipTier;
  /** The current page is one of spec §2's tool pages. */
  readonly onToolPage: boolean;
  /** The call is one of the task calls that open the login dialog in place. */
  readonly isListedTaskCall: boolean;
  /**
   * The operation the call serves, where the spec gives it a rule of its own: saving a video
   * project and liking have messages of their own; a limit check ("the limit branch") reads
   * 10404, 10403 and 500401 as data.
   */
  readonly operation?: 'saveVideoProject' | 'like' | 'limitCheck';
}

export type ErrorInput =
  | {
      readonly kind: 'api';
      readonly code: number;
      readonly msg: string;
      readonly path: string;
      /** The caller handles failures itself: nothing is shown for any code. */
      readonly silent?: boolean;
      readonly context: ErrorContext;
    }
  | {
      readonly kind: 'http';
      readonly status: number;
      /** Who asked and from where: an HTTP 401 ends the session as 20000 does, which needs it. */
      readonly context?: ErrorContext;
    }
  | { readonly kind: 'network' }
  | { readonly kind: 'decode'; readonly path: string }
  | { readonly kind: 'cancelled' };

/**
 * A toast. Views show the translation of `messageKey`; when there is none, the server's text
 * (`fallback`) if it has any, else the translation of `fallbackKey` (the code family's key).
 */
export interface ToastEffect {
  readonly kind: 'toast';
  readonly level: 'warning' | 'error';
  readonly messageKey: string;
  readonly values: Readonly<Record<string, string | number>>;
  readonly fallbackKey: string | null;
  readonly fallback: string | null;
  readonly durationMs: typeof ERROR_TOAST_DURATION_MS;
}

export type DialogName =
  | 'upgrade'
  | 'break'
  | 'vipComputing'
  | 'vipLimit'
  | 'gpuLimit'
  | 'unlockBuy'
  | 'canvasLimit'
  /** A company account's full queue (70002) or compute limit (70010, 80008), by its role. */
  | 'enterpriseQueue'
  | 'enterpriseCompute';

/** The spec's dialog variants, and a company account's role for the enterprise dialogs. */
export type DialogVariant =
  'Queue10' | 'Queue5' | 'LoraTrain' | 'Canvas5' | 'Canvas10' | 'Basic' | 'Admin' | 'Member';

export type ErrorEffect =
  /** Success, a cancelled request, or a code the caller reads as data. */
  | { readonly kind: 'none' }
  /** A failure the user is not told about. */
  | { readonly kind: 'silent' }
  | ToastEffect
  | { readonly kind: 'loginDialog'; readonly logout: true }
  | {
      readonly kind: 'redirect';
      readonly to: string;
      readonly query: Readonly<Record<string, string>>;
      readonly openLoginDialog: boolean;
      readonly logout: boolean;
    }
  | { readonly kind: 'dialog'; readonly name: DialogName; readonly variant: DialogVariant | null };

const toast = (
  level: ToastEffect['level'],
  messageKey: string,
  extra: Partial<Pick<ToastEffect, 'values' | 'fallbackKey' | 'fallback'>> = {},
): ToastEffect => ({
  kind: 'toast',
  level,
  messageKey,
  values: extra.values ?? {},
  fallbackKey: extra.fallbackKey ?? null,
  fallback: extra.fallback ?? null,
  durationMs: ERROR_TOAST_DURATION_MS,
});

const dialog = (name: DialogName, variant: DialogVariant | null = null): ErrorEffect => ({
  kind: 'dialog',
  name,
  variant,
});

const textOrNull = (msg: string): string | null => (msg.trim() === '' ? null : msg);

/**
 * Spec §6: "lite and tier 1 and 2 users are told to upgrade; tier 3 and 4 see a plain limit
 * message". A member with no known tier (a Basic/Standard/Pro subscriber) still has a higher plan
 * to go to, so counts as one who can upgrade.
 */
export const canUpgrade = (ctx: ErrorContext): boolean =>
  ctx.isMember && ctx.vipTier !== 3 && ctx.vipTier !== 4;

/**
 * Spec §6: "Enterprise admins and members see different messages". A company account's limit is a
 * dialog of its own that names the role: the admin's leads to the company plan, the member's tells
 * them to ask the admin (the upsell, `billing.upsellOf`). A company account whose role is unknown
 * is treated as a member: nothing is sold to someone who may not buy for the company.
 */
const enterpriseDialog = (ctx: ErrorContext, name: 'enterpriseQueue' | 'enterpriseCompute'): ErrorEffect =>
  dialog(name, ctx.enterpriseRole === 'admin' ? 'Admin' : 'Member');

const MODEL_TYPE = /\b(checkpoint|lora)\b/i;

/**
 * Spec §8 70009: the server names the forbidden models in its message, e.g.
 * "Checkpoint: DreamShaper, RealVis" or "LoRA 夜景". Names follow a colon if there is one,
 * else the model type; separators may be ASCII or CJK commas.
 */
export const parseForbiddenModels = (
  msg: string,
): { readonly modelType: 'Checkpoint' | 'LoRA' | ''; readonly names: string } => {
  const typeMatch = MODEL_TYPE.exec(msg);
  const modelType = typeMatch ? (typeMatch[1]?.toLowerCase() === 'lora' ? 'LoRA' : 'Checkpoint') : '';
  const colon = msg.search(/[:：]/);
  const rest =
    colon >= 0 ? msg.slice(colon + 1) : typeMatch ? msg.slice(typeMatch.index + typeMatch[0].length) : msg;
  const names = rest
    .split(/[,，、]/)
    .map((n) => n.trim())
    .filter((n) => n !== '')
    .join(', ');
  return { modelType, names };
};

/** Spec §8 10608: the chat's target is named by the message prefix, before the first colon. */
export const chatTargetOf = (msg: string): string => {
  const colon = msg.search(/[:：]/);
  return (colon >= 0 ? msg.slice(0, colon) : msg).trim();
};

/** Spec §8 20000 to 20004: the session the call presented is over (the error map logs out). */
export const isSessionExpired = (code: number): boolean =>
  code >= ErrorCodes.sessionExpiredFirst && code <= ErrorCodes.sessionExpiredLast;

/** The effect of a business code; the caller has already handled success, silence and session codes. */
const mapBusinessCode = (code: number, msg: string, ctx: ErrorContext): ErrorEffect => {
  const familyKey = familyOf(code)?.key ?? null;
  const warn = (messageKey: string, values: ToastEffect['values'] = {}): ToastEffect =>
    toast('warning', messageKey, {
      values,
      fallbackKey: familyKey ?? 'ServerError',
      fallback: textOrNull(msg),
    });

  switch (code) {
    case ErrorCodes.loraTrainingLimit:
      if (!ctx.isMember) return dialog('break', 'LoraTrain');
      return canUpgrade(ctx) ? dialog('upgrade', 'LoraTrain') : warn('everyTrainLimit');
    case ErrorCodes.vipComputing:
    case ErrorCodes.vipComputingAlt:
      return dialog('vipComputing');
    case ErrorCodes.vipOrGpuLimit:
    case ErrorCodes.gpuOrVipLimit:
      if (ctx.isEnterprise) return enterpriseDialog(ctx, 'enterpriseCompute');
      return ctx.isMember ? dialog('gpuLimit') : dialog('vipLimit');
    case ErrorCodes.queueFull:
      if (ctx.isEnterprise) return enterpriseDialog(ctx, 'enterpriseQueue');
      if (!ctx.isMember) return dialog('break', 'Queue5');
      return canUpgrade(ctx) ? dialog('upgrade', 'Queue10') : warn('taskQueueFull');
    case ErrorCodes.unlockBuy:
      return dialog('unlockBuy');
    case ErrorCodes.modelForbidden: {
      const { modelType, names } = parseForbiddenModels(msg);
      return warn('modelsDisabled', { modelType, names });
    }
    case ErrorCodes.creativeCenter:
      return warn('creativeCenterHint', { msg });
    case ErrorCodes.canvasLimit:
      if (!ctx.isMember) return dialog('canvasLimit', 'Canvas5');
      return canUpgrade(ctx) && !ctx.isEnterprise
        ? dialog('canvasLimit', 'Canvas10')
        : dialog('break', 'Basic');
    case ErrorCodes.createChatFailed:
      return warn('createChatFailed', { target: chatTargetOf(msg) });
    case ErrorCodes.audioUploadFailed:
      return warn('audioUploadError');
    case ErrorCodes.inputTooLarge:
      // Issue 21: the limit is named in the person's words, never the server's English.
      return toast('warning', httpErrorCodeKey(code), {
        values: { width: INPUT_LIMIT_SIDE, height: INPUT_LIMIT_SIDE },
        fallbackKey: familyKey,
      });
    case ErrorCodes.outputTooLarge:
      return toast('warning', httpErrorCodeKey(code), {
        values: { side: MAX_OUTPUT_SIDE },
        fallbackKey: familyKey,
      });
    case ErrorCodes.inputNotImage:
      return toast('warning', httpErrorCodeKey(code), { fallbackKey: familyKey });
    case ErrorCodes.captchaInvalid:
      // The guest verification failed: our own translated sentence, never the server's raw text.
      return toast('warning', httpErrorCodeKey(code), { fallbackKey: 'accountError' });
    default:
      return familyKey !== null
        ? warn(httpErrorCodeKey(code), { code })
        : toast('error', httpErrorCodeKey(code), {
            values: { code },
            fallbackKey: 'ServerError',
            fallback: textOrNull(msg),
          });
  }
};

/** Spec §8 20000-20004: log out; the login dialog in place on tool pages and listed task calls, else home. */
const sessionExpired = (ctx: Pick<ErrorContext, 'onToolPage' | 'isListedTaskCall'>): ErrorEffect =>
  ctx.onToolPage || ctx.isListedTaskCall
    ? { kind: 'loginDialog', logout: true }
    : { kind: 'redirect', to: '/', query: { openLoginDialog: '1' }, openLoginDialog: false, logout: true };

/** Without a context, a call is taken as made from an ordinary page. */
const NO_PLACE = { onToolPage: false, isListedTaskCall: false } as const;

const mapApi = (input: Extract<ErrorInput, { kind: 'api' }>): ErrorEffect => {
  const { code, msg, context: ctx } = input;
  if (code === ErrorCodes.success) return { kind: 'none' };
  if (code === ErrorCodes.videoProjectSaveFailed && ctx.operation === 'saveVideoProject')
    return toast('error', 'saveFailed');
  // Only the limit branch reads these as data; for any other call they are refusals (issue 25).
  if (NOT_AN_ERROR_CODES.includes(code) && ctx.operation === 'limitCheck') return { kind: 'none' };
  if (input.silent === true || SILENT_CODES.includes(code)) return { kind: 'silent' };
  if (isSessionExpired(code)) return sessionExpired(ctx);
  if (code === ErrorCodes.notActivated)
    return { kind: 'redirect', to: '/', query: { toActive: '1' }, openLoginDialog: true, logout: false };
  if (ctx.operation === 'like') {
    const text = textOrNull(msg);
    return text === null
      ? toast('error', 'ServerError')
      : toast('error', SERVER_MESSAGE_KEY, {
          values: { msg: text },
          fallbackKey: 'ServerError',
          fallback: text,
        });
  }
  return mapBusinessCode(code, msg, ctx);
};

/**
 * Spec §8, in the order the spec gives: success; the saving of a video project; codes a limit
 * check reads as data; silent calls and codes; session expiry (20000-20004: the login dialog in
 * place on tool pages and listed task calls, else home with openLoginDialog=1, logging out either
 * way); 20301 (home with toActive and the login dialog); like failures; the codes with dialogs of
 * their own; then the message table. HTTP 401 ends the session as 20000 does, HTTP 403 goes to
 * /403, other HTTP statuses and network failures are apiErr, a decode failure names its path, and
 * a cancelled request does nothing.
 */
export const mapError = (input: ErrorInput): ErrorEffect => {
  switch (input.kind) {
    case 'api':
      return mapApi(input);
    case 'http':
      // HTTP 401 says "not signed in" as 20000 does: the same end of the session, so no request
      // goes out again with the token it refused (issue 25).
      if (input.status === 401) return sessionExpired(input.context ?? NO_PLACE);
      return input.status === 403
        ? { kind: 'redirect', to: '/403', query: {}, openLoginDialog: false, logout: false }
        : toast('error', 'apiErr', { values: { status: input.status } });
    case 'network':
      return toast('error', 'apiErr');
    case 'decode':
      return toast('error', 'decodeError', { values: { path: input.path }, fallbackKey: 'apiErr' });
    case 'cancelled':
      return { kind: 'none' };
    default: {
      // Exhaustive at compile time; at run time an unknown kind is still an error the user
      // should hear about, and the map must not throw.
      const unknownKind: never = input;
      void unknownKind;
      return toast('error', 'apiErr');
    }
  }
};

// ---------------------------------------------------------------------------------------------
// Retry policies (spec §7, §8)

export type RetryDecision = { readonly retry: true; readonly delayMs: number } | { readonly retry: false };

/** Spec §8: the dialog manager looks a dialog up again every 500 ms, retrying 10 times. */
export const DIALOG_LOOKUP_RETRIES = 10;
export const DIALOG_LOOKUP_INTERVAL_MS = 500;

export const dialogLookupDecision = (retriesDone: number): RetryDecision =>
  retriesDone < DIALOG_LOOKUP_RETRIES
    ? { retry: true, delayMs: DIALOG_LOOKUP_INTERVAL_MS }
    : { retry: false };

/** Spec §8: a 502 on /api/v1/account/active is retried up to 3 times, 1 s apart. */
export const ACCOUNT_ACTIVE_PATH = '/api/v1/account/active';
export const ACCOUNT_ACTIVE_RETRIES = 3;
export const ACCOUNT_ACTIVE_RETRY_DELAY_MS = 1000;

const pathOnly = (path: string): string => (path.split(/[?#]/)[0] ?? '').replace(/\/+$/, '');

export const accountActiveRetryDecision = (
  request: { readonly path: string; readonly status: number },
  retriesDone: number,
): RetryDecision =>
  request.status === 502 &&
  pathOnly(request.path).endsWith(ACCOUNT_ACTIVE_PATH) &&
  retriesDone < ACCOUNT_ACTIVE_RETRIES
    ? { retry: true, delayMs: ACCOUNT_ACTIVE_RETRY_DELAY_MS }
    : { retry: false };
