import type { AppStore } from '../store/buildStore';
import { whenState } from '../store/whenState';
import { showCampaignBanner } from './commands';

/**
 * For Create's route loader (`/` and `/create`): the campaign banner's clock is read before the page
 * renders, so the banner is there in the page's first frame. Read only by the banner's own effect,
 * it came a frame late (react-redux subscribes after the paint): its 96 px skeleton painted first
 * and the composer and queue below it moved (issue 22: CLS 0.03 to 0.11 at 390 px).
 */
export const readCampaignClock = async (store: AppStore): Promise<void> => {
  store.dispatch(showCampaignBanner({}));
  await whenState(store, (s) => s.campaigns.now !== null, 1000);
};
