/** Commands of the billing area: payment info and the cached plan and pack lists (spec §8, §9). */
import { defineCommand } from '../store/commands';

export const refreshPayment = defineCommand()('billing/refresh');

// ---- payment caches (spec §8, §9)
export const loadSubscriptionList = defineCommand()('billing/loadSubscriptionList');

export const loadCalculateList = defineCommand()('billing/loadCalculateList');
