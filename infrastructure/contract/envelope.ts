/**
 * The response envelope every call of spec §7 answers with: `{ status: { code, msg }, data }`.
 * Success is `status.code === 10000`; every other code carries `data: null` or a partial body.
 */
import * as t from 'io-ts';

export const SUCCESS_CODE = 10000;

export const Status = t.type({ code: t.number, msg: t.string });
export type Status = t.TypeOf<typeof Status>;

/** The envelope around a successful `data` codec; failures are decoded with `ErrorEnvelope`. */
export const Envelope = <C extends t.Mixed>(data: C) =>
  t.type({ status: Status, data }, `Envelope<${data.name}>`);

export const ErrorEnvelope = t.type({ status: Status, data: t.unknown }, 'ErrorEnvelope');
export type ErrorEnvelope = t.TypeOf<typeof ErrorEnvelope>;

/** The headers of spec §7, in the names this client and the reference server agree on. */
export const HEADER = {
  deviceId: 'x-device-id',
  appId: 'x-app-id',
  platform: 'x-platform',
  requestId: 'x-request-id',
  timezone: 'x-timezone',
  language: 'x-language',
  browserId: 'x-browser-id',
  pageId: 'x-page-id',
  canary: 'x-canary',
  grayType: 'x-gray-type',
  eyes: 'x-eyes',
  adId: 'x-ad-id',
  /** Sent on streaming calls; answered on any response to refresh the stored token (spec §4). */
  token: 'token',
} as const;

export const APP_ID = 'atelier-web';
export const PLATFORM = 'web';
/** Session cookie of spec §9 (60 days). */
export const TOKEN_COOKIE = 'T';
