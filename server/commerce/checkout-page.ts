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

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** JSON for an inline script: `<` escaped so no string can close the script element. */
const scriptJson = (v: unknown): string => JSON.stringify(v).replace(/</g, '\\u003c');

const CARD_METHODS = new Set(['card', 'stripe', 'onerway', 'payermax']);

export interface CheckoutPage {
  readonly html: string;
  readonly csp: string;
}

const frame = (nonce: string, title: string, body: string, script: string): CheckoutPage => ({
  csp: `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; frame-ancestors 'self'; form-action 'none'; base-uri 'none'`,
  html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
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

export const checkoutPage = (order: Order, goodsName: string, method: PaymentMethod): CheckoutPage => {
  const nonce = randomBytes(16).toString('base64');
  const withCard = CARD_METHODS.has(method.third_type);
  const payable = order.status === 'pending';
  const body = `
  <div class="sim">Simulated ${escapeHtml(method.name)} checkout: no real money moves.</div>
  <h1>${escapeHtml(goodsName)}</h1>
  <div class="amount">${escapeHtml(order.amount.toFixed(2))} ${escapeHtml(order.currency)}</div>
  ${
    payable && withCard
      ? `<label for="card">Card number</label><input id="card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242">
  <div class="hint">Use ${DECLINED_TEST_CARD.replace(/(\d{4})(?=\d)/g, '$1 ')} to see a declined card.</div>`
      : ''
  }
  <div class="row">
    <button id="pay" type="button"${payable ? '' : ' disabled'}>Pay</button>
    <button id="fail" type="button"${payable ? '' : ' disabled'}>Fail</button>
  </div>
  <div id="result" role="status">${payable ? '' : `This order is ${escapeHtml(order.status)}.`}</div>`;
  const config = {
    type: CHECKOUT_MESSAGE_TYPE,
    orderId: order.order_id,
    status: order.status,
    complete: checkoutCompletePath(order.order_id),
    fail: checkoutFailPath(order.order_id),
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
    show('Processing…');
    tell({ status: 'submitting' });
    try {
      const res = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = await res.json();
      const code = json && json.status ? json.status.code : 500;
      const msg = json && json.status ? json.status.msg : 'unexpected answer';
      if (code === 10000 && json.data.order.status === 'paid') { show('Payment complete.'); tell({ status: 'completed' }); return; }
      if (code === 10000 && failed) { show('Payment failed.'); tell({ status: 'error', msg: 'payment failed' }); return; }
      show(msg); tell({ status: 'error', code, msg }); busy(false);
    } catch (err) {
      show('Network error.'); tell({ status: 'error', msg: String(err) }); busy(false);
    }
  };
  $('pay').addEventListener('click', () => {
    const card = $('card');
    send(cfg.complete, card ? { card_number: card.value } : {}, false);
  });
  $('fail').addEventListener('click', () => send(cfg.fail, {}, true));
})();`;
  return frame(nonce, `Checkout: ${goodsName}`, body, script);
};

export const checkoutNotFoundPage = (): CheckoutPage => {
  const nonce = randomBytes(16).toString('base64');
  return frame(
    nonce,
    'Checkout',
    '<h1>Order not found</h1><p>Sign in with the account that placed this order.</p>',
    '',
  );
};
