/**
 * Customer support and resource appeal (the guide status calls are in ./profile.ts) (spec §1 "a customer-support
 * widget exists (details not shown)", §7 "resource appeal (remark)" and "account guide status set").
 *
 * Paths and shapes are not shown in the spec; we chose, in the style of the shown ones:
 *   POST /api/v1/support/submit          {topic, email, message, resource_id?} → {id, created_at}
 *   GET  /dev/support                    the stored messages (development listing, like /dev/outbox)
 *   GET  /dev/telemetry                  the latest tracked events, log events and exposures
 *   GET  /legal/{lang}/{kind}.html       the static legal pages (spec §2; other languages → en)
 *
 * Choices: a guest may write to support (the reply goes to the e-mail given); an appeal is the topic
 * 'appeal' with the work's id and the person's remark as the message. The server checks the form
 * with the domain's rules (support.supportFormProblems) and answers 10400 naming the field.
 */
import * as t from 'io-ts';

export const SUPPORT_SUBMIT_PATH = '/api/v1/support/submit';
export const DEV_SUPPORT_PAGE = '/dev/support';
export const DEV_TELEMETRY_PAGE = '/dev/telemetry';
export const LEGAL_PREFIX = '/legal/';

const SupportTopic = t.keyof(
  { question: null, bug: null, billing: null, appeal: null, other: null },
  'SupportTopic',
);

export const SupportSubmitRequest = t.intersection(
  [t.type({ topic: SupportTopic, email: t.string, message: t.string }), t.partial({ resource_id: t.string })],
  'SupportSubmitRequest',
);
export type SupportSubmitRequest = t.TypeOf<typeof SupportSubmitRequest>;

export const SupportSubmitResponse = t.type({ id: t.string, created_at: t.number }, 'SupportSubmitResponse');
export type SupportSubmitResponse = t.TypeOf<typeof SupportSubmitResponse>;
