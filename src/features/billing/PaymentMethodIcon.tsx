/**
 * A small glyph per payment method (no provider logos): a card outline for cards, a lettered
 * roundel in a colour of its own for the others, so the rows are told apart at a glance.
 */
import type { payment } from '../../../domain/index.js';

const ROUNDEL: Readonly<
  Record<Exclude<payment.PaymentMethodKind, 'card'>, { letter: string; color: string }>
> = {
  paypal: { letter: 'P', color: '#1f6fd1' },
  stripe: { letter: 'S', color: '#635bff' },
  payermax: { letter: 'M', color: '#0f9d8a' },
  alipay: { letter: 'A', color: '#1677ff' },
  wechat: { letter: 'W', color: '#07a35a' },
  onerway: { letter: 'O', color: '#d9480f' },
  unknown: { letter: '?', color: '#6b7280' },
};

export const PaymentMethodIcon = ({ kind }: { readonly kind: payment.PaymentMethodKind }) =>
  kind === 'card' ? (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="2" y="5" width="20" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <rect x="2" y="8.5" width="20" height="2.5" fill="currentColor" />
      <rect x="5" y="14" width="6" height="2" rx="1" fill="currentColor" />
    </svg>
  ) : (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill={ROUNDEL[kind].color} />
      <text
        x="12"
        y="16.5"
        textAnchor="middle"
        fontSize="13"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
        fill="#fff"
      >
        {ROUNDEL[kind].letter}
      </text>
    </svg>
  );
