/**
 * Issue 14 edges on the reference server: support messages and appeals (spec §1, §7), the guide
 * status (spec §3, §7 "account guide status set"), the legal pages (spec §2 "static html per
 * language: ja, zhCN, en. Any other language becomes en") and the development listings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Json, type TestServer } from '../support/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({}, false);
});
afterAll(() => s.stop());

const code = (r: { json: Json }) => r.json?.status?.code as number;

describe('support messages (spec §1 customer support, §7 resource appeal)', () => {
  it('stores a guest message and lists it at /dev/support', async () => {
    const r = await s.post('/api/v1/support/submit', {
      topic: 'question',
      email: ' guest@example.test ',
      message: 'How do I remix a work from the square?',
    });
    expect(code(r)).toBe(10000);
    expect(r.json.data.id).toMatch(/^[A-Za-z0-9_-]{12,}$/);
    const listed = (await (await s.get('/dev/support?format=json')).json()) as Json;
    expect(listed.items).toContainEqual(
      expect.objectContaining({
        id: r.json.data.id,
        topic: 'question',
        email: 'guest@example.test',
        account_id: null,
        resource_id: null,
      }),
    );
    const html = await (await s.get('/dev/support')).text();
    expect(html).toContain('How do I remix a work from the square?');
  });

  it('stores an appeal with its work id and the signed-in account', async () => {
    const token = await s.login();
    const r = await s.post(
      '/api/v1/support/submit',
      {
        topic: 'appeal',
        email: 'demo@atelier.test',
        message: 'My landscape was hidden by mistake.',
        resource_id: 'art_123',
      },
      { token },
    );
    expect(code(r)).toBe(10000);
    const listed = (await (await s.get('/dev/support?format=json')).json()) as Json;
    const row = listed.items.find((i: Json) => i.id === r.json.data.id);
    expect(row.resource_id).toBe('art_123');
    expect(row.account_id).not.toBeNull();
  });

  it.each([
    [{ topic: 'question', email: 'not-an-email', message: 'A long enough message.' }, 'body.email'],
    [{ topic: 'question', email: 'a@b.test', message: 'short' }, 'body.message'],
    [{ topic: 'question', email: 'a@b.test', message: 'x'.repeat(2001) }, 'body.message'],
    [{ topic: 'appeal', email: 'a@b.test', message: 'Please look again at it.' }, 'body.resource_id'],
    [
      { topic: 'appeal', email: 'a@b.test', message: 'Please look again at it.', resource_id: '<script>' },
      'body.resource_id',
    ],
    [{ topic: 'lottery', email: 'a@b.test', message: 'A long enough message.' }, 'topic'],
  ])('refuses %j with 10400 naming %s, never a 500', async (body, field) => {
    const r = await s.post('/api/v1/support/submit', body);
    expect(r.status).toBe(200);
    expect(code(r)).toBe(10400);
    expect(r.json.status.msg).toContain(field);
  });

  it('refuses hostile bodies with an envelope error', async () => {
    for (const body of ['null', '[]', '"x"', '{"topic":1}', '{']) {
      const r = await s.post('/api/v1/support/submit', body);
      expect(r.status).toBeLessThan(500);
      expect(code(r)).not.toBe(10000);
    }
  });
});

describe('guide status (spec §3 guide_status, §7 "account guide status set")', () => {
  it('a new account starts at 0; set to 1 it stays 1 for that account only', async () => {
    const reg = await s.post('/api/v1/account/register', {
      email: 'tour.person@example.test',
      name: 'Tour Person',
      password: 'a long password',
    });
    expect(code(reg)).toBe(10000);
    const token = reg.json.data.token as string;
    expect(reg.json.data.user.status).toBe(3);
    expect((await s.post('/api/v1/account/guide/status', {}, { token })).json.data).toEqual({
      guide_status: 0,
    });
    expect(code(await s.post('/api/v1/account/guide/status/set', { guide_status: 1 }, { token }))).toBe(
      10000,
    );
    expect((await s.post('/api/v1/account/guide/status', {}, { token })).json.data).toEqual({
      guide_status: 1,
    });
    const demo = await s.login();
    expect((await s.post('/api/v1/account/guide/status', {}, { token: demo })).json.data).toEqual({
      guide_status: 0,
    });
  });

  it('a guest is asked to sign in (20000); a value other than 0 or 1 is 10400', async () => {
    expect(code(await s.post('/api/v1/account/guide/status', {}))).toBe(20000);
    expect(code(await s.post('/api/v1/account/guide/status/set', { guide_status: 1 }))).toBe(20000);
    const token = await s.login();
    expect(code(await s.post('/api/v1/account/guide/status/set', { guide_status: 7 }, { token }))).toBe(
      10400,
    );
  });
});

describe('legal pages (spec §2)', () => {
  it.each([
    ['en', 'privacy-policy', 'en', 'Privacy policy'],
    ['en', 'terms-of-service', 'en', 'Terms of service'],
    ['ja', 'privacy-policy', 'ja', 'プライバシーポリシー'],
    ['ja', 'terms-of-service', 'ja', '利用規約'],
    ['zhCN', 'privacy-policy', 'zh-CN', '隐私政策'],
    ['zhCN', 'terms-of-service', 'zh-CN', '服务条款'],
  ])('/legal/%s/%s.html is html in its language', async (lang, file, htmlLang, title) => {
    const r = await s.get(`/legal/${lang}/${file}.html`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/html/);
    const html = await r.text();
    expect(html).toContain(`<html lang="${htmlLang}">`);
    expect(html).toContain(`<title>${title} · Atelier</title>`);
    expect(html).toContain(`<h1 data-testid="legal-title">${title}</h1>`);
    expect(html.match(/<h2>/g)?.length).toBeGreaterThanOrEqual(5);
    // One frame around each text: the language's two texts, then this text in the other languages.
    const links = [...html.matchAll(/<nav[^>]*>(.*?)<\/nav>/gs)][0]?.[1]?.match(/href="[^"]+"/g) ?? [];
    expect(links.slice(1)).toEqual([
      `href="/legal/${lang}/privacy-policy.html"`,
      `href="/legal/${lang}/terms-of-service.html"`,
      ...['en', 'ja', 'zhCN'].filter((l) => l !== lang).map((l) => `href="/legal/${l}/${file}.html"`),
    ]);
    expect(html).not.toContain('{{');
  });

  it.each(['fr', 'ko', 'zh-TW', 'xx'])('any other language (%s) is sent to en', async (lang) => {
    const r = await fetch(`${s.baseUrl}/legal/${lang}/terms-of-service.html`, { redirect: 'manual' });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/legal/en/terms-of-service.html');
  });

  it('zh-CN and ja-JP go to their pages; an unknown page is 404', async () => {
    const zh = await fetch(`${s.baseUrl}/legal/zh-CN/privacy-policy.html`, { redirect: 'manual' });
    expect(zh.headers.get('location')).toBe('/legal/zhCN/privacy-policy.html');
    expect((await s.get('/legal/en/cookies.html')).status).toBe(404);
    expect((await s.get('/legal/en/privacy-policy')).status).toBe(404);
    expect((await s.get('/legal/en/..%2F..%2Fpackage.json')).status).toBe(404);
  });
});

describe('/dev/telemetry lists what the ops routes stored', () => {
  it('shows a log event and an exposure the client sent', async () => {
    const log = await s.post('/api/v1/log/report/batch', {
      items: [
        {
          id: 'logitem00001',
          event_name: 'support_sent',
          entity_type: 1,
          obj_id: 'sup_1',
          obj_type: 1,
          front_operation: 'submit',
        },
      ],
    });
    expect(code(log)).toBe(10000);
    const json = (await (await s.get('/dev/telemetry?format=json')).json()) as Json;
    expect(json.logs).toContainEqual(
      expect.objectContaining({ event_name: 'support_sent', obj_id: 'sup_1', front_operation: 'submit' }),
    );
    const html = await (await s.get('/dev/telemetry')).text();
    expect(html).toContain('data-testid="telemetry-logs"');
    expect(html).toContain('support_sent');
  });
});
