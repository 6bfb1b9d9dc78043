import { noticeRaised, type NoticeLevel } from './events.js';
import { TOAST_DURATION_MS } from './state.js';

/**
 * A toast (spec §8): a notice of a translated message that goes after `TOAST_DURATION_MS`, with no
 * server text to fall back on.
 */
export const toastRaised = (toast: {
  readonly id: string;
  readonly level: NoticeLevel;
  readonly messageKey: string;
  readonly values?: Readonly<Record<string, string | number>>;
}) =>
  noticeRaised({
    id: toast.id,
    level: toast.level,
    messageKey: toast.messageKey,
    values: toast.values ?? {},
    fallback: null,
    durationMs: TOAST_DURATION_MS,
  });
