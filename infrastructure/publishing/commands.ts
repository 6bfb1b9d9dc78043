/** Commands of publishing: the sensitive-word check before a publish (spec §5). */
import { defineCommand, type DeferredAction } from '../store/commands';

export const checkBeforePublish = defineCommand<CheckBeforePublishPayload>()('moderation/checkBeforePublish');

// ---- sensitive words before publishing (spec §5)
export interface CheckBeforePublishPayload {
  readonly scene: string;
  readonly fields: readonly { readonly field: string; readonly label: string; readonly text: string }[];
  readonly separator?: string;
  /** The publishing action, dispatched only when the check allows it. */
  readonly then: DeferredAction;
}
