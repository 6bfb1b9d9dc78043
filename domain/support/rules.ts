/**
 * Customer support (spec §1 "a customer-support widget exists") and resource appeal (spec §7
 * "resource appeal (remark)"). The spec shows no fields; we chose a contact form of a topic, a
 * reply e-mail and a message, and an appeal as the topic 'appeal' naming the work it is about.
 * The same rules run in the form and on the server.
 */
import { isPlausibleEmail } from '../session/rules.js';

export const SUPPORT_TOPICS = ['question', 'bug', 'billing', 'appeal', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

/** Long enough to say what happened, short enough to read in one go. */
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 2000;
export const SUPPORT_EMAIL_MAX = 254;
/** A work id as the square shows them (letters, digits, '-' and '_'). */
export const SUPPORT_RESOURCE_ID_MAX = 64;

export interface SupportForm {
  readonly topic: string;
  readonly email: string;
  readonly message: string;
  /** The work an appeal is about; ignored for the other topics. */
  readonly resourceId?: string;
}

export type SupportProblem =
  | 'topicUnknown'
  | 'emailInvalid'
  | 'messageTooShort'
  | 'messageTooLong'
  | 'resourceMissing'
  | 'resourceInvalid';

export interface SupportProblems {
  readonly topic?: SupportProblem;
  readonly email?: SupportProblem;
  readonly message?: SupportProblem;
  readonly resourceId?: SupportProblem;
}

export const isSupportTopic = (s: string): s is SupportTopic =>
  (SUPPORT_TOPICS as readonly string[]).includes(s);

/** Characters as a person counts them (a surrogate pair is one). */
const lengthOf = (s: string): number => Array.from(s.trim()).length;

export const supportMessageProblem = (message: string): SupportProblem | null => {
  const n = lengthOf(message);
  if (n < SUPPORT_MESSAGE_MIN) return 'messageTooShort';
  if (n > SUPPORT_MESSAGE_MAX) return 'messageTooLong';
  return null;
};

const RESOURCE_ID = /^[A-Za-z0-9_-]+$/;

/** Every problem of the form, by field; an empty object means it may be sent. */
export const supportFormProblems = (form: SupportForm): SupportProblems => {
  const message = supportMessageProblem(form.message);
  const email = form.email.trim();
  const resource = (form.resourceId ?? '').trim();
  const resourceProblem: SupportProblem | null =
    form.topic !== 'appeal'
      ? null
      : resource === ''
        ? 'resourceMissing'
        : resource.length > SUPPORT_RESOURCE_ID_MAX || !RESOURCE_ID.test(resource)
          ? 'resourceInvalid'
          : null;
  return {
    ...(isSupportTopic(form.topic) ? {} : { topic: 'topicUnknown' as const }),
    ...(email.length <= SUPPORT_EMAIL_MAX && isPlausibleEmail(email)
      ? {}
      : { email: 'emailInvalid' as const }),
    ...(message === null ? {} : { message }),
    ...(resourceProblem === null ? {} : { resourceId: resourceProblem }),
  };
};

export const isSupportFormValid = (form: SupportForm): boolean =>
  Object.keys(supportFormProblems(form)).length === 0;
