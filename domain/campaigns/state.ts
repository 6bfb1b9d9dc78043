import type { CampaignsEvent } from './events.js';

export interface CampaignsState {
  /** When the banner was last decided; null until a page asks. */
  readonly now: number | null;
}

export const initialCampaignsState: CampaignsState = { now: null };

export const evolveCampaigns = (state: CampaignsState, event: CampaignsEvent): CampaignsState =>
  Number.isFinite(event.payload.now) && event.payload.now !== state.now ? { now: event.payload.now } : state;
