import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  loadPaymentMethods,
  loadSubscriptionList,
  loadSubscriptionStatus,
  loadTestimonials,
  resumeCheckout,
} from '../../../infrastructure/billing/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';

/** The plans, testimonials and payment methods; the subscription's status once signed in. */
const useLoadPricing = (signedIn: boolean) => {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(loadSubscriptionList({}));
    dispatch(loadTestimonials({}));
    dispatch(loadPaymentMethods({}));
  }, [dispatch]);
  useEffect(() => {
    if (signedIn) dispatch(loadSubscriptionStatus({}));
  }, [signedIn, dispatch]);
};

/** The awaiting-order reminder leads here with its order: opened again once, then the address is clean. */
const useResumeOrder = (signedIn: boolean) => {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const resumeOrder = params.get('order');
  useEffect(() => {
    if (!signedIn || resumeOrder === null) return;
    dispatch(resumeCheckout({ orderId: resumeOrder }));
    setParams(
      (p) => {
        p.delete('order');
        return p;
      },
      { replace: true },
    );
  }, [signedIn, resumeOrder, dispatch, setParams]);
};

/** The tier an upsell suggests is brought into view (on a phone it is far down the page). */
const useSuggestedTier = (loaded: boolean, highlight: string | null) => {
  const suggested = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (loaded && highlight !== null) suggested.current?.scrollIntoView({ block: 'nearest' });
  }, [loaded, highlight]);
  return suggested;
};

/**
 * What the pricing page does on its own: loads what it shows, opens again the order the
 * reminder leads back to, and scrolls to the tier of `?tier=` (its ref, for that tier's card).
 */
export const usePricingPage = (signedIn: boolean, loaded: boolean, highlight: string | null) => {
  useLoadPricing(signedIn);
  useResumeOrder(signedIn);
  return useSuggestedTier(loaded, highlight);
};
