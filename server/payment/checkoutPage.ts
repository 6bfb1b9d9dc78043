/**
 * The simulated provider's checkout page (see orders.ts for why it is simulated). It is meant
 * for an iframe on our own origin: it shows the order, takes a card number (wallet methods
 * take none), and its Pay and Fail buttons POST to `/pay/checkout/:id/complete` and `/fail`.
 * It reports to the parent window with `postMessage` (contract `CheckoutMessage`): first
 * `submitting`, then `completed` or `error` (spec §4 payment iframe). The inline script runs
 * under a per-response CSP nonce; the page may only be framed by our own origin.
 */
import { randomBytes } from 'node:crypto';
import {
  CHECKOUT_MESSAGE_TYPE,
  checkoutCompletePath,
  checkoutFailPath,
  DECLINED_TEST_CARD,
  type Order,
  type PaymentMethod,
} from '../../infrastructure/contract/commerce';
import { escapeMarkup } from '../markup';
import type { ServerMessages } from './pageMessages';

/** JSON for an inline script: `<` escaped so no string can close the script element. */
const scriptJson = (v: unknown): string => JSON.stringify(v).replace(/</g, '\\u003c');

const CARD_METHODS = new Set(['card', 'stripe', 'onerway', 'payermax']);

export interface CheckoutPage {
  readonly html: string;
  readonly csp: string;
}

const frame = (
  m: ServerMessages,
  nonce: string,
  title: string,
  body: string,
  script: string,
): CheckoutPage => ({
  csp: `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; frame-ancestors 'self'; form-action 'none'; base-uri 'none'`,
  html: `<!doctype html>
<html lang="${m.locale}" dir="${m.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeMarkup(title)}</title>
<style nonce="${nonce}">
  :root { color-scheme: dark light; font-family: system-ui, sans-serif; }
  body { margin: 0; padding: 24px; background: #15161a; color: #eceef2; }
  .card { max-width: 420px; margin: 0 auto; padding: 20px; border-radius: 12px; background: #202229; }
  .sim { font-size: 12px; color: #f5b94a; margin-bottom: 12px; }
  h1 { font-size: 18px; margin: 0 0 4px; } .amount { font-size: 28px; font-weight: 700; margin: 8px 0 16px; }
  label { display: block; font-size: 13px; margin-bottom: 4px; color: #b7bbc6; }
  input { width: 100%; box-sizing: border-box; padding: 10px; border-radius: 8px; border: 1px solid #3a3d47; background: #15161a; color: inherit; font-size: 15px; }
  .hint { font-size: 12px; color: #8d93a1; margin: 6px 0 16px; }
  .row { display: flex; gap: 8px; } button { flex: 1; padding: 12px; border: 0; border-radius: 8px; font-size: 15px; cursor: pointer; }
  #pay { background: #6b5cff; color: white; } #fail { background: #3a3d47; color: #eceef2; }
  button:disabled { opacity: .5; cursor: default; } #result { margin-top: 14px; min-height: 1.2em; font-size: 14px; }
</style></head><body><main class="card">${body}</main>
<script nonce="${nonce}">${script}</script></body></html>`,
});

/** The amount as the page's language writes money (`2.50 USD` where the currency is not known to Intl). */
const moneyOf = (amount: number, currency: string, locale: string): string => {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
};

/**
 * The page for `order` in the language of `m` (the frame's `lang`, see payment.checkoutFrameSrc):
 * a hosted checkout speaks the shopper's language; the goods' name is the merchant's.
 */
export const checkoutPage = (
  order: Order,
  goodsName: string,
  method: PaymentMethod,
  m: ServerMessages,
): CheckoutPage => {
  const nonce = randomBytes(16).toString('base64');
  const t = (id: string, values?: Readonly<Record<string, string>>) =>
    escapeMarkup(m.t(`billing.provider.${id}`, values));
  const withCard = CARD_METHODS.has(method.third_type);
  const payable = order.status === 'pending';
  const card = DECLINED_TEST_CARD.replace(/(\d{4})(?=\d)/g, '$1 ');
  const body = `
  <div class="sim">${t('simulated', { method: method.name })}</div>
  <h1>${escapeMarkup(goodsName)}</h1>
  <div class="amount">${escapeMarkup(moneyOf(order.amount, order.currency, m.locale))}</div>
  ${
    payable && withCard
      ? `<label for="card">${t('cardNumber')}</label><input id="card" inputmode="numeric" autocomplete="cc-number" dir="ltr" value="4242 4242 4242 4242">
  <div class="hint">${t('declinedHint', { card })}</div>`
      : ''
  }
  <div class="row">
    <button id="pay" type="button"${payable ? '' : ' disabled'}>${t('pay')}</button>
    <button id="fail" type="button"${payable ? '' : ' disabled'}>${t('fail')}</button>
  </div>
  <div id="result" role="status">${payable ? '' : t(order.status === 'paid' ? 'orderPaid' : 'orderClosed')}</div>`;
  const config = {
    type: CHECKOUT_MESSAGE_TYPE,
    orderId: order.order_id,
    status: order.status,
    complete: checkoutCompletePath(order.order_id),
    fail: checkoutFailPath(order.order_id),
    text: {
      processing: m.t('billing.provider.processing'),
      complete: m.t('billing.provider.complete'),
      failed: m.t('billing.provider.failed'),
      networkError: m.t('billing.provider.networkError'),
    },
  };
  const script = `
(() => {
  const cfg = ${scriptJson(config)};
  const $ = (id) => document.getElementById(id);
  const tell = (msg) => {
    if (window.parent && window.parent !== window)
      window.parent.postMessage(Object.assign({ type: cfg.type, order_id: cfg.orderId }, msg), window.location.origin);
  };
  const busy = (on) => { $('pay').disabled = on; $('fail').disabled = on; };
  const show = (text) => { $('result').textContent = text; };
  if (cfg.status === 'paid') tell({ status: 'completed' });
  const send = async (path, body, failed) => {
    busy(true);
    show(cfg.text.processing);
    tell({ status: 'submitting' });
    try {
      const res = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = await res.json();
      const code = json && json.status ? json.status.code : 500;
      const msg = json && json.status ? json.status.msg : 'unexpected answer';
      if (code === 10000 && json.data.order.status === 'paid') { show(cfg.text.complete); tell({ status: 'completed' }); return; }
      if (code === 10000 && failed) { show(cfg.text.failed); tell({ status: 'error', msg: 'payment failed' }); return; }
      show(msg); tell({ status: 'error', code, msg }); busy(false);
    } catch (err) {
      show(cfg.text.networkError); tell({ status: 'error', msg: String(err) }); busy(false);
    }
  };
  $('pay').addEventListener('click', () => {
    const card = $('card');
    send(cfg.complete, card ? { card_number: card.value } : {}, false);
  });
  $('fail').addEventListener('click', () => send(cfg.fail, {}, true));
})();`;
  return frame(m, nonce, m.t('billing.provider.pageTitle', { goods: goodsName }), body, script);
};

export const checkoutNotFoundPage = (m: ServerMessages): CheckoutPage => {
  const nonce = randomBytes(16).toString('base64');
  return frame(
    m,
    nonce,
    m.t('billing.provider.notFoundTitle'),
    `<h1>${escapeMarkup(m.t('billing.provider.notFoundTitle'))}</h1><p>${escapeMarkup(m.t('billing.provider.notFoundBody'))}</p>`,
    '',
  );
};
