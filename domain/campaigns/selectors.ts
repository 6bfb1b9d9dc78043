import { campaignBanner, type CampaignBanner } from './rules.js';
import type { CampaignsState } from './state.js';

/** The banner for the time last read; null before any page asked (the view shows a skeleton). */
export const selectCampaignBanner = (s: CampaignsState): CampaignBanner | null =>
  s.now === null ? null : campaignBanner(s.now);
