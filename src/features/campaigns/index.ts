export { CampaignBanner } from './CampaignBanner';
