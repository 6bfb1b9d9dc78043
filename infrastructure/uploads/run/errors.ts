import type { ApiFailure } from '../../http/client';

/** A call the server refused or that never got an answer: the upload cannot go on. */
export class Refused extends Error {
  constructor(readonly failure: ApiFailure) {
    super(`upload call failed: ${failure.kind}`);
  }
}

/** The upload broke (budgets used up, a refused PUT, compression failed, a broken answer). */
export class Broken extends Error {
  constructor(
    readonly messageKey: string,
    /** Whether the slot's resumable record is still worth keeping for a later resume. */
    readonly keepResume: boolean,
  ) {
    super(messageKey);
  }
}

/** A chunk used up its retries: the round stops and the upload goes on through the alternate host. */
export class HostReload extends Error {}
