import { assertNever } from '../kernel/event.js';
import type { BillingEvent } from './events.js';

/** Spec §3 payment info, the fields the client keeps, in domain names. */
export interface PaymentInfo {
  readonly accountId: string;
  readonly calculateCoins: number;
  readonly freeCoins: number;
  readonly tempCoins: number;
  readonly paidCoins: number;
  readonly isActive: boolean;
  readonly liteIsActive: boolean;
  readonly productLevel: number;
  readonly productType: number;
  readonly vipType: string;
  readonly expiryTime: number | null;
}

export type BillingState =
  | { readonly status: 'empty' }
  | {
      readonly status: 'known';
      readonly paymentInfo: PaymentInfo;
      /** Spec §3 client payment state. */
      readonly activeState: boolean;
      readonly liteActiveState: boolean;
      readonly vipType: string;
      readonly receivedAt: number;
    };

export const initialBillingState: BillingState = { status: 'empty' };

export const evolveBilling = (state: BillingState, event: BillingEvent): BillingState => {
  switch (event.type) {
    case 'billing/paymentInfoReceived': {
      const info = event.payload.info;
      return {
        status: 'known',
        paymentInfo: info,
        activeState: info.isActive,
        liteActiveState: info.liteIsActive,
        vipType: info.vipType,
        receivedAt: event.meta.at,
      };
    }
    case 'billing/paymentInfoCleared':
      return state.status === 'empty' ? state : initialBillingState;
    default:
      return assertNever(event);
  }
};
