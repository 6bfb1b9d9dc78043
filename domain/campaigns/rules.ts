/**
 * Spec §4 "Activity banners: rotate weekly by date" and §9 "Campaigns: weekly, 8 May to 1 July
 * 2025". Which week's campaign runs is `format.activeCampaign`; outside the season the banner is
 * the platform's own (a standing invitation to create), so the top of Create is never empty.
 */
import { activeCampaign, type CampaignType } from '../format/rules.js';

export type CampaignBanner =
  | { readonly kind: 'campaign'; readonly type: CampaignType; readonly endsAt: number }
  | { readonly kind: 'default' };

export const DEFAULT_BANNER: CampaignBanner = { kind: 'default' };

export const campaignBanner = (nowMs: number): CampaignBanner => {
  const active = activeCampaign(nowMs);
  return active === null ? DEFAULT_BANNER : { kind: 'campaign', type: active.type, endsAt: active.endsAt };
};
