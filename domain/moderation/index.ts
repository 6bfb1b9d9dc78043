/** The moderation context: the sensitive-word check of each publishing form, and the rich-text policy. */
import type { BoundedContext } from '../kernel/context.js';
import { moderationEventTypes, type ModerationEvent } from './events.js';
import { evolveModeration, initialModerationState, type ModerationState } from './state.js';

export * from './rules.js';
export * from './events.js';
export * from './state.js';
export * from './selectors.js';

export const moderationContext: BoundedContext<ModerationState, ModerationEvent> = {
  name: 'moderation',
  initialState: initialModerationState,
  evolve: evolveModeration,
  eventTypes: moderationEventTypes,
  invariants: [],
};
