/**
 * The error catalogue of spec §8 as data: the codes with a rule of their own, the silent codes,
 * and the code families of the message table. Message keys follow `HttpErrorCode_<code>`; each
 * family also has a key of its own that views fall back to when a code has no translation.
 */
import { svipNumberOf } from '../billing/membership.js';

/** Codes the spec names, under names that say what they mean. */
export const ErrorCodes = {
  success: 10000,
  /** On saving a video project, 10404 means the save failed. */
  videoProjectSaveFailed: 10404,
  createChatFailed: 10608,
  sessionExpiredFirst: 20000,
  sessionExpiredLast: 20004,
  notActivated: 20301,
  /** Too many failed sign-ins (account family; the response says how long to wait). */
  tooManySignIns: 20010,
  /** A guest past the free allowance must solve the captcha challenge (spec §4 captcha flow). */
  captchaRequired: 20011,
  captchaInvalid: 20012,
  /** Too many guest task creations from one address (task family). */
  tooManyGuestRequests: 70011,
  imageLimit: 20306,
  commentViolates: 40007,
  collectDeleteLimit: 40020,
  creativeCenter: 40311,
  canvasLimit: 40313,
  dailyGenerationLimit: 70001,
  queueFull: 70002,
  artworkForbidden: 70008,
  modelForbidden: 70009,
  vipOrGpuLimit: 70010,
  vipComputing: 70039,
  gpuOrVipLimit: 80008,
  vipComputingAlt: 80214,
  decorationSoldOut: 80304,
  noCoins: 80307,
  uploadTimeout: 30001,
  fileTooLarge: 30003,
  nsfwUpload: 30005,
  audioUploadFailed: 30010,
  over1080p: 30042,
  /** An input image over the engines' 2048 × 2048 pixels (`uploads.INPUT_TOO_LARGE_CODE`). */
  inputTooLarge: 30043,
  /** An input file that is not an image the engines read (`uploads.INPUT_NOT_IMAGE_CODE`). */
  inputNotImage: 30044,
  /** The picture a task would make is over the largest side an engine writes (`uploads.OUTPUT_TOO_LARGE_CODE`). */
  outputTooLarge: 30045,
  loraTrainingLimit: 120013,
  trainingNameTooLong: 120006,
  silentQuota: 150002,
  unlockBuy: 190000,
  episodesInOrder: 190001,
} as const;

/** Spec §8: codes that never show anything, whatever the call and the user. */
export const SILENT_CODES: readonly number[] = [
  10616, 10618, 10619, 10621, 30047, 10610, 60003, 60004, 150002,
];

/**
 * Spec §8: "not an error for the limit branch": a limit check (operation `limitCheck`) reads these
 * codes as data. For any other call they are refusals, shown from the message table.
 */
export const NOT_AN_ERROR_CODES: readonly number[] = [10404, 10403, 500401];

export interface CodeFamily {
  readonly name: string;
  readonly from: number;
  readonly to: number;
  /** The family's own message key, the fallback for a code without a translation. */
  readonly key: string;
}

/** Spec §8 "Code families to message keys". Single codes are families of one. */
export const CODE_FAMILIES: readonly CodeFamily[] = [
  { name: 'channel', from: 110000, to: 110010, key: 'channelError' },
  { name: 'task', from: 70000, to: 70050, key: 'taskError' },
  { name: 'upload', from: 30000, to: 30051, key: 'uploadError' },
  { name: 'training', from: 120000, to: 120012, key: 'trainingError' },
  { name: 'video', from: 140000, to: 140003, key: 'videoError' },
  { name: 'account', from: 20001, to: 20105, key: 'accountError' },
  { name: 'comment', from: 40007, to: 40007, key: 'commentViolates' },
  { name: 'decoration', from: 80304, to: 80304, key: 'decorationSoldOut' },
  { name: 'coins', from: 80307, to: 80307, key: 'noCoins' },
  { name: 'episodes', from: 190001, to: 190001, key: 'episodesInOrder' },
  { name: 'imageLimit', from: 20306, to: 20306, key: 'imageLimit' },
  { name: 'collect', from: 40020, to: 40020, key: 'collectDeleteLimit' },
  { name: 'bindAccount', from: 40316, to: 40324, key: 'bindAccountError' },
];

export const familyOf = (code: number): CodeFamily | undefined =>
  CODE_FAMILIES.find((f) => code >= f.from && code <= f.to);

export const httpErrorCodeKey = (code: number): string => `HttpErrorCode_${code}`;

/** Spec §2's tool pages, where an expired session opens the login dialog in place: one rule, in routing. */
export { isToolPage } from '../routing/rules.js';

export type VipTier = 'lite' | 'day' | 1 | 2 | 3 | 4;

/** Spec §3 VIP types to tiers; trials count as their tier. Unknown types have no tier. */
export const vipTierOf = (vipType: string): VipTier | undefined => {
  const t = vipType.trim().toLowerCase();
  if (t === 'vip_lite') return 'lite';
  if (t.startsWith('vip_day')) return 'day';
  const n = svipNumberOf(t);
  return n !== null && n >= 1 && n <= 4 ? (n as 1 | 2 | 3 | 4) : undefined;
};
