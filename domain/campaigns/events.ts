import { defineEvent, type DomainEvent } from '../kernel/event.js';

export interface ClockReadPayload {
  /** Epoch milliseconds from the clock adapter: the domain never reads the time itself. */
  readonly now: number;
}

/** The page asked which campaign banner to show; the time it asked at arrives here. */
export const campaignClockRead = defineEvent<ClockReadPayload>()('campaigns/clockRead');

export type CampaignsEvent = DomainEvent<typeof campaignClockRead.type, ClockReadPayload>;

export const campaignsEventTypes = [campaignClockRead.type] as const;
