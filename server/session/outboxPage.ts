/** The development outbox page (/dev/outbox outside production): the mails the server would have sent. */
import { escapeMarkup } from '../markup';
import type { OutboxMail } from './mail';

export const outboxPage = (mails: readonly OutboxMail[]): string => {
  const linkify = (body: string) =>
    escapeMarkup(body).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
  const items = mails
    .map(
      (m) =>
        `<li><p><b>To:</b> ${escapeMarkup(m.to_address)}<br><b>Subject:</b> ${escapeMarkup(m.subject)}<br>` +
        `<small>${new Date(Number(m.created_at)).toISOString()}</small></p><pre>${linkify(m.body)}</pre></li>`,
    )
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>Outbox (development)</title><style>body{font:15px system-ui,sans-serif;margin:0 auto;padding:16px;max-width:760px;background:#111318;color:#e8e9ee}` +
    `li{list-style:none;border:1px solid #333846;border-radius:8px;padding:12px;margin:12px 0}ul{padding:0}pre{white-space:pre-wrap;overflow-wrap:anywhere}a{color:#8ab4ff}</style></head>` +
    `<body><h1>Outbox</h1><p>Mails the reference server would have sent (a real SMTP replaces this in production).</p>` +
    `<ul data-testid="outbox">${items || '<li>No mail yet.</li>'}</ul></body></html>`
  );
};
