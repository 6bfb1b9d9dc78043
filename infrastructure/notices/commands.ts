/** Commands of the notices area: toasts and the named dialogs of spec §8. */
import type { ApiFailure } from '../http/client';
import { defineCommand, type DeferredAction } from '../store/commands';

export const dismissNotice = defineCommand<{ readonly id: string }>()('notices/dismiss');

/** A toast of one translated message (spec §8 toasts: 5 s), raised with an id by its epic. */
export const showNotice = defineCommand<{
  readonly level: 'success' | 'info' | 'warning' | 'error';
  readonly messageKey: string;
}>()('notices/show');

export const closeDialog = defineCommand<{ readonly name: string }>()('notices/closeDialog');

export const openDialog = defineCommand<{ readonly name: string; readonly variant?: string }>()(
  'notices/openDialog',
);

/** A failed call, handed to the one epic that carries out the error map's effect. */
export const reportApiFailure = defineCommand<{ readonly failure: ApiFailure }>()('api/reportFailure');

export const showDialog = defineCommand<ShowDialogPayload>()('dialogs/show');

// ---- dialog manager (spec §8)
/**
 * Opens a named dialog once its view is mounted (the store's `openDialog` opens at once; this
 * one looks the dialog up first, for views that load lazily).
 */
export interface ShowDialogPayload {
  readonly name: string;
  readonly variant: string | null;
  /** Dispatched when the dialog cannot be found after every retry; null gives up silently. */
  readonly otherwise?: DeferredAction | null;
}

/** A click on a notice that carries a link (spec §9 award_task). */
export const openNoticeLink = defineCommand<{ readonly id: string }>()('notices/openLink');
