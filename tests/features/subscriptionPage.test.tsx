// @vitest-environment happy-dom
/**
 * The subscription page (spec §3, §4) names the running plan from the plan list: until that list
 * arrives it shows its loading state, never "Another plan" for a plan it has not yet looked up (a
 * status that came first made the page say so for a moment, and the billing e2e test read it).
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { billing, session } from '../../domain/index.js';
import SubscriptionPage from '../../src/features/billing/pages/SubscriptionPage';
import { subscriptionStatus } from '../support/fixtures';
import { renderView } from '../support/renderView';

afterEach(cleanup);

const signedIn = session.userInfoSet({
  user: {
    id: 'u1',
    accountName: 'u1',
    name: 'U',
    email: 'u1@x.test',
    avatar: '',
    status: 1,
    role: 'user',
  },
});
const standardMember = billing.paymentInfoReceived({
  info: {
    accountId: 'u1',
    calculateCoins: 0,
    freeCoins: 0,
    tempCoins: 0,
    paidCoins: 0,
    isActive: true,
    liteIsActive: false,
    productLevel: 2,
    productType: 1,
    vipType: 'svip_2',
    expiryTime: 5_000_000_000_000,
  },
});
const running = billing.subscriptionStatusReceived({
  status: subscriptionStatus({ currentProduct: 'standard_monthly', expiryTime: 5_000_000_000_000 }),
});
const plans = billing.subscriptionListFetched({
  plans: [{ goodsId: 'standard_monthly', productLevel: 2, productType: 1, price: 10, currency: 'USD' }],
});

describe('the subscription page', () => {
  it('shows its loading state, not "Another plan", while the status is in and the plan list is not', () => {
    renderView(<SubscriptionPage />, { events: [signedIn, standardMember, running] });
    expect(screen.queryByTestId('subscription-plan')).toBeNull();
    expect(screen.queryByText('Another plan')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading');
  });

  it('names the running plan once the list is in', () => {
    renderView(<SubscriptionPage />, { events: [signedIn, standardMember, plans, running] });
    expect(screen.getByTestId('subscription-level').textContent).toBe('Standard');
    expect(screen.getByTestId('subscription-plan').textContent).toBe('Standard · monthly');
  });

  it('a plan list that failed leaves the page usable: the plan is then "Another plan"', () => {
    const failed = billing.listFetchFailed({ which: 'subscriptionList' });
    renderView(<SubscriptionPage />, { events: [signedIn, standardMember, failed, running] });
    expect(screen.getByTestId('subscription-plan').textContent).toBe('Another plan');
  });
});
