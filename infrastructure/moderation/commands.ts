/** Commands of moderation: the sensitive-word check before a publish (spec §5). */
import { defineCommand, type DeferredAction } from '../store/commands';

export const checkBeforePublish = defineCommand<CheckBeforePublishPayload>()('moderation/checkBeforePublish');

/** The form of `subject` was closed: its check's outcome is no longer shown. */
export const clearPublishCheck = defineCommand<{ readonly subject: string }>()('moderation/clearCheck');

// ---- sensitive words before publishing (spec §5)
export interface CheckBeforePublishPayload {
  /** The form that publishes (`task:<id>`, `post:new`): its check's phase is kept under this name. */
  readonly subject: string;
  readonly scene: string;
  readonly fields: readonly { readonly field: string; readonly label: string; readonly text: string }[];
  readonly separator?: string;
  /** The publishing action, dispatched only when the check allows it. */
  readonly then: DeferredAction;
}
