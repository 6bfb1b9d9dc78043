/** Commands of marketing surfaces (spec §4 activity banners, §9 campaigns). */
import { defineCommand } from '../store/commands';

/** A page with the campaign banner opened: the banner is decided for the clock's time now. */
export const showCampaignBanner = defineCommand()('marketing/showCampaignBanner');
