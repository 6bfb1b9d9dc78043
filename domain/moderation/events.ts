import { defineEvent, type DomainEvent } from '../kernel/event.js';

/**
 * What a publish check is about: one form that publishes (`task:<id>` for a task's publish
 * dialog, `post:new` for the post editor). A new check of the same subject replaces the last.
 */
export interface CheckSubjectPayload {
  readonly subject: string;
}

export interface PublishBlockedPayload extends CheckSubjectPayload {
  /** The offending fields' names (the request's categories), in the server's order, once each. */
  readonly categories: readonly string[];
  /** Their labels as the form named them, joined by the form's separator (shown before the message). */
  readonly fields: string;
}

/** Spec §5: the texts of a publish went to the sensitive-word check. */
export const checkStarted = defineEvent<CheckSubjectPayload>()('moderation/checkStarted');
/** The check found nothing (or there was nothing to check): the publish goes ahead. */
export const checkPassed = defineEvent<CheckSubjectPayload>()('moderation/checkPassed');
/** A sensitive word: the publish is blocked, the form stays open with its text. */
export const publishBlocked = defineEvent<PublishBlockedPayload>()('moderation/publishBlocked');
/** The check call itself failed: the publish is blocked too (nothing unchecked is published). */
export const checkFailed = defineEvent<CheckSubjectPayload>()('moderation/checkFailed');
/** The form was closed or published: its check's outcome is no longer shown. */
export const checkCleared = defineEvent<CheckSubjectPayload>()('moderation/checkCleared');

export type ModerationEvent =
  | DomainEvent<typeof checkStarted.type, CheckSubjectPayload>
  | DomainEvent<typeof checkPassed.type, CheckSubjectPayload>
  | DomainEvent<typeof publishBlocked.type, PublishBlockedPayload>
  | DomainEvent<typeof checkFailed.type, CheckSubjectPayload>
  | DomainEvent<typeof checkCleared.type, CheckSubjectPayload>;

export const moderationEventTypes = [
  checkStarted.type,
  checkPassed.type,
  publishBlocked.type,
  checkFailed.type,
  checkCleared.type,
] as const;
