import type { BoundedContext } from '../kernel/context.js';
import { campaignsEventTypes, type CampaignsEvent } from './events.js';
import { evolveCampaigns, initialCampaignsState, type CampaignsState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './selectors.js';

export const campaignsContext: BoundedContext<CampaignsState, CampaignsEvent> = {
  name: 'campaigns',
  initialState: initialCampaignsState,
  evolve: evolveCampaigns,
  eventTypes: campaignsEventTypes,
  invariants: [],
};
