/**
 * Issue 14 edges: customer support and resource appeals (spec §1, §7), the new user's guide status
 * (spec §3, §7 "account guide status set"), the static legal pages (spec §2: ja, zhCN, en; any
 * other language is sent to en) and two development listings: /dev/support (the stored messages)
 * and /dev/telemetry (the latest tracked events, log events and exposures the ops routes stored).
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { routing, support } from '../../domain/index.js';
import {
  DEV_SUPPORT_PAGE,
  DEV_TELEMETRY_PAGE,
  LEGAL_PREFIX,
  SUPPORT_SUBMIT_PATH,
  SupportSubmitRequest,
  type SupportSubmitResponse,
} from '../../infrastructure/contract/support';
import { newId } from '../auth';
import { problemReportRoutes } from './problemReports';
import type { ServerContext } from '../context';
import { ApiError, CODES, decodeBody, ok } from '../envelope';
import { escapeMarkup } from '../markup';

const LEGAL_KINDS = { 'privacy-policy': 'privacyPolicy', 'terms-of-service': 'termsOfService' } as const;
const LEGAL_LANGS = ['en', 'ja', 'zhCN'] as const;

/** Each language's words around the legal texts: its way home, and what it calls each text and itself. */
const LEGAL_CHROME = {
  en: { htmlLang: 'en', home: '/', back: 'Back to Atelier', name: 'English' },
  ja: { htmlLang: 'ja', home: '/ja/', back: 'Atelier に戻る', name: '日本語' },
  zhCN: { htmlLang: 'zh-CN', home: '/zh-CN/', back: '返回 Atelier', name: '简体中文' },
} as const;

const legalFile = (name: string): string =>
  readFileSync(new URL(`./legal/${name}.html`, import.meta.url), 'utf8');

const titleOf = (body: string): string => /<h1[^>]*>([^<]*)<\/h1>/.exec(body)?.[1]?.trim() ?? 'Atelier';

/**
 * The legal pages, composed once at start: one frame (`legal/frame.html`: the page, its style and
 * the navigation) around each language's text (`legal/{lang}/{file}.html`). The navigation links
 * the language's two texts, then the same text in the other languages.
 */
const LEGAL_PAGES: ReadonlyMap<string, string> = (() => {
  const frame = legalFile('frame');
  const bodies = new Map(
    LEGAL_LANGS.flatMap((lang) =>
      Object.keys(LEGAL_KINDS).map((file) => [`${lang}/${file}`, legalFile(`${lang}/${file}`)] as const),
    ),
  );
  const link = (href: string, text: string) => `<a href="${href}">${text}</a>`;
  return new Map(
    [...bodies].map(([key, body]) => {
      const [lang, file] = key.split('/') as [(typeof LEGAL_LANGS)[number], string];
      const chrome = LEGAL_CHROME[lang];
      const nav = [
        link(chrome.home, chrome.back),
        ...Object.keys(LEGAL_KINDS).map((f) =>
          link(`/legal/${lang}/${f}.html`, titleOf(bodies.get(`${lang}/${f}`) ?? '')),
        ),
        ...LEGAL_LANGS.filter((l) => l !== lang).map((l) =>
          link(`/legal/${l}/${file}.html`, LEGAL_CHROME[l].name),
        ),
      ].join('');
      const page = frame
        .replace('{{htmlLang}}', () => chrome.htmlLang)
        .replace('{{title}}', () => titleOf(body))
        .replace('{{nav}}', () => nav)
        .replace('{{body}}', () => body);
      return [key, page] as const;
    }),
  );
})();

const PROBLEM_FIELD = {
  topic: 'topic',
  email: 'email',
  message: 'message',
  resourceId: 'resource_id',
} as const;

interface SupportRow extends Record<string, unknown> {
  id: string;
  account_id: string | null;
  topic: string;
  email: string;
  message: string;
  resource_id: string | null;
  created_at: string | number;
}

const devPage = (title: string, intro: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>${title} (development)</title><style>body{font:15px system-ui,sans-serif;margin:0 auto;padding:16px;max-width:960px;background:#111318;color:#e8e9ee}` +
  `table{border-collapse:collapse;width:100%}td,th{border-block-end:1px solid #333846;padding:6px;text-align:start;vertical-align:top}pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}</style></head>` +
  `<body><h1>${title}</h1><p>${intro}</p>${body}</body></html>`;

const table = (testId: string, head: readonly string[], rows: readonly (readonly string[])[]): string =>
  `<table data-testid="${testId}"><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>` +
  (rows.length === 0
    ? `<tr><td colspan="${head.length}">Nothing yet.</td></tr>`
    : rows
        .map((r) => `<tr>${r.map((c) => `<td><pre>${escapeMarkup(c)}</pre></td>`).join('')}</tr>`)
        .join('')) +
  `</tbody></table>`;

export const supportRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  problemReportRoutes(app, ctx);
  app.post(SUPPORT_SUBMIT_PATH, async (req) => {
    const body = decodeBody(SupportSubmitRequest, req.body);
    const problems = support.supportFormProblems({
      topic: body.topic,
      email: body.email,
      message: body.message,
      ...(body.resource_id === undefined ? {} : { resourceId: body.resource_id }),
    });
    const first = (Object.keys(problems) as (keyof typeof PROBLEM_FIELD)[])[0];
    if (first !== undefined)
      throw new ApiError(CODES.invalidRequest, `body.${PROBLEM_FIELD[first]}: ${problems[first]}`);
    const id = newId(12);
    const createdAt = ctx.clock.now();
    await ctx.db.query(
      `INSERT INTO support_messages (id, account_id, device_id, topic, email, message, resource_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        req.caller.accountId,
        req.caller.deviceId,
        body.topic,
        body.email.trim(),
        body.message.trim(),
        body.topic === 'appeal' ? (body.resource_id ?? '').trim() : null,
        createdAt,
      ],
    );
    return ok<SupportSubmitResponse>({ id, created_at: createdAt });
  });

  app.get<{ Params: { lang: string; file: string } }>(`${LEGAL_PREFIX}:lang/:file`, async (req, reply) => {
    const kind = LEGAL_KINDS[req.params.file.replace(/\.html$/, '') as keyof typeof LEGAL_KINDS];
    if (kind === undefined || !req.params.file.endsWith('.html'))
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const canonical = routing.legalPagePath(kind, req.params.lang);
    if (canonical !== `${LEGAL_PREFIX}${req.params.lang}/${req.params.file}`)
      return reply.redirect(canonical, 302);
    const html = LEGAL_PAGES.get(canonical.slice(LEGAL_PREFIX.length).replace(/\.html$/, ''));
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(html);
  });

  if (!ctx.config.devOutbox) return;

  app.get<{ Querystring: { format?: string } }>(DEV_SUPPORT_PAGE, async (req, reply) => {
    const rows = await ctx.db.query<SupportRow>(
      'SELECT id, account_id, topic, email, message, resource_id, created_at FROM support_messages ORDER BY created_at DESC, id LIMIT 200',
    );
    reply.header('cache-control', 'no-store');
    if (req.query.format === 'json') return reply.send({ items: rows });
    return reply.header('content-type', 'text/html; charset=utf-8').send(
      devPage(
        'Support messages',
        'Messages and appeals people sent from the Help page (a ticket system replaces this listing in production).',
        table(
          'support-messages',
          ['when', 'topic', 'e-mail', 'work', 'message', 'account'],
          rows.map((r) => [
            new Date(Number(r.created_at)).toISOString(),
            r.topic,
            r.email,
            r.resource_id ?? '',
            r.message,
            r.account_id ?? 'guest',
          ]),
        ),
      ),
    );
  });

  app.get<{ Querystring: { format?: string } }>(DEV_TELEMETRY_PAGE, async (req, reply) => {
    const [events, logs, exposures] = await Promise.all([
      ctx.db.query<{
        event_name: string;
        account_id: string | null;
        envelope: unknown;
        properties: unknown;
        received_at: string | number;
      }>(
        'SELECT event_name, account_id, envelope, properties, received_at FROM ops_event_reports ORDER BY received_at DESC LIMIT 100',
      ),
      ctx.db.query<{
        event_name: string;
        entity_type: number;
        obj_id: string;
        obj_type: number;
        front_operation: string;
        received_at: string | number;
      }>(
        'SELECT event_name, entity_type, obj_id, obj_type, front_operation, received_at FROM ops_log_events ORDER BY received_at DESC LIMIT 100',
      ),
      ctx.db.query<{
        obj_id: string;
        obj_type: number;
        page: string;
        position: number | null;
        received_at: string | number;
      }>(
        'SELECT obj_id, obj_type, page, position, received_at FROM ops_exposures ORDER BY received_at DESC LIMIT 100',
      ),
    ]);
    reply.header('cache-control', 'no-store');
    if (req.query.format === 'json') return reply.send({ events, logs, exposures });
    const when = (v: string | number) => new Date(Number(v)).toISOString();
    return reply.header('content-type', 'text/html; charset=utf-8').send(
      devPage(
        'Telemetry',
        'The latest 100 of each: tracked events with their envelope, log events, and card exposures.',
        `<h2>Events</h2>${table(
          'telemetry-events',
          ['received', 'event', 'account', 'properties', 'envelope'],
          events.map((e) => [
            when(e.received_at),
            e.event_name,
            e.account_id ?? 'guest',
            JSON.stringify(e.properties),
            JSON.stringify(e.envelope),
          ]),
        )}<h2>Log events</h2>${table(
          'telemetry-logs',
          ['received', 'event', 'entity type', 'object', 'object type', 'operation'],
          logs.map((l) => [
            when(l.received_at),
            l.event_name,
            String(l.entity_type),
            l.obj_id,
            String(l.obj_type),
            l.front_operation,
          ]),
        )}<h2>Exposures</h2>${table(
          'telemetry-exposures',
          ['received', 'object', 'object type', 'page', 'position'],
          exposures.map((x) => [
            when(x.received_at),
            x.obj_id,
            String(x.obj_type),
            x.page,
            x.position === null ? '' : String(x.position),
          ]),
        )}`,
      ),
    );
  });
};
