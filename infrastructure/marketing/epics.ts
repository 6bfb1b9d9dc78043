/** The campaign banner's time comes from the injected clock, never from the domain (spec §9). */
import { filter, map } from 'rxjs';
import { campaigns } from '../../domain/index.js';
import type { AppEpic } from '../epics/types';
import { showCampaignBanner } from './commands';

export const campaignClockEpic: AppEpic = (action$, _state$, { clock }) =>
  action$.pipe(
    filter(showCampaignBanner.match),
    map(() => campaigns.campaignClockRead({ now: clock.now() })),
  );

export const marketingEpics: readonly AppEpic[] = [campaignClockEpic];
