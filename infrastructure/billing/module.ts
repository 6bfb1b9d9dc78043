import type { EpicModule } from '../epics/module';
import { checkoutEpics } from './checkout';
import { membershipEpics } from './membership';

/** The membership, subscription and coin pages: status and its changes, checkout, ledger, testimonials. */
export const billingModule: EpicModule = { key: 'billing', epics: [...membershipEpics, ...checkoutEpics] };
