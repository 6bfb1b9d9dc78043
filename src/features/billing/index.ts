/** Memberships, subscription and coins: what other areas (the shell, the notices) may use. */
export { CoinSummary } from './CoinSummary';
export { UpsellActions, UpsellBody, UpsellTitle } from './Upsell';
export { useUpsell } from './useBilling';
export { useTierName } from './labels';
