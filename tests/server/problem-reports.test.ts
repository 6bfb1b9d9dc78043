/**
 * "Report a problem" on the server (issue 24): a signed-in person's event log stored with their
 * consent, listed for them, downloadable and deletable by them only; redacted again by the server;
 * what is not an event log is refused with a clear code, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth';
import { makeHeader, serializeEventLog, stamp, tasks } from '../../domain/index.js';
import {
  PROBLEM_REPORTS_DELETE_PATH,
  PROBLEM_REPORTS_LIST_PATH,
  PROBLEM_REPORTS_PATH,
  problemReportLogPath,
} from '../../infrastructure/contract/support';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer({}, false);
  token = await s.login();
});
afterAll(() => s.stop());

/** A small real log; one prompt carries an e-mail address the recorder missed. */
const logText = (prompt: string) =>
  serializeEventLog({
    header: makeHeader(1000, 'test'),
    events: [
      stamp(
        tasks.taskCreated({
          id: 't1',
          params: { domainType: 0, prompt, aspectRatio: '1:1', seed: 1 },
          guest: false,
          estimateMs: null,
          createdAt: 1000,
        }),
        1,
        1000,
      ),
      stamp(
        tasks.progressReported({ id: 't1', code: 2, progress: 40, statusDesc: '', estimateMs: null }),
        2,
        2000,
      ),
    ],
  });

const code = (r: { json: { status: { code: number } } }) => r.json.status.code;

describe('problem reports (issue 24 "Report a problem")', () => {
  it('stores a log for its account, redacted again by the server, and lists, downloads and deletes it for its owner only', async () => {
    const sent = await s.post(
      PROBLEM_REPORTS_PATH,
      {
        note: 'the progress bar froze; write to me at someone@example.com',
        log: logText('a cat, mail me at cat@example.com'),
      },
      { token },
    );
    expect(code(sent)).toBe(10000);
    const item = sent.json.data;
    expect(item).toMatchObject({ events: 2 });
    expect(item.id).toMatch(/^rep_/);
    expect(item.note).not.toContain('someone@example.com');

    const listed = await s.post(PROBLEM_REPORTS_LIST_PATH, {}, { token });
    expect(listed.json.data.items.map((i: { id: string }) => i.id)).toContain(item.id);

    const download = await fetch(s.baseUrl + problemReportLogPath(item.id), { headers: { token } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    const stored = await download.text();
    expect(stored.split('\n')[0]).toContain('"format":"atelier-event-log"');
    expect(stored).not.toContain('cat@example.com');
    expect(Buffer.byteLength(stored)).toBe(item.bytes);

    // Another account sees none of it.
    await s.server.ctx.db.query(
      `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ('reporter-other', 'reporter-other@atelier.test', $1, 'reporter-other', 'Other', 0)`,
      [await hashPassword('another-pass-1')],
    );
    const otherToken = await s.login('reporter-other@atelier.test', 'another-pass-1');
    expect((await s.post(PROBLEM_REPORTS_LIST_PATH, {}, { token: otherToken })).json.data.items).toEqual([]);
    expect(
      (await fetch(s.baseUrl + problemReportLogPath(item.id), { headers: { token: otherToken } })).status,
    ).not.toBe(200);
    expect(code(await s.post(PROBLEM_REPORTS_DELETE_PATH, { id: item.id }, { token: otherToken }))).toBe(
      10404,
    );

    expect(code(await s.post(PROBLEM_REPORTS_DELETE_PATH, { id: item.id }, { token }))).toBe(10000);
    expect(
      (await s.post(PROBLEM_REPORTS_LIST_PATH, {}, { token })).json.data.items.map(
        (i: { id: string }) => i.id,
      ),
    ).not.toContain(item.id);
    expect(code(await s.post(PROBLEM_REPORTS_DELETE_PATH, { id: item.id }, { token }))).toBe(10404);
  });

  it('refuses what is not an event log (10400 naming the line), a guest (20000) and a note over 2000 characters', async () => {
    const bad = await s.post(PROBLEM_REPORTS_PATH, { note: '', log: 'not json\n' }, { token });
    expect(bad.status).toBe(200);
    expect(code(bad)).toBe(10400);
    expect(bad.json.status.msg).toMatch(/line 1/);
    expect(code(await s.post(PROBLEM_REPORTS_PATH, { note: '', log: logText('x') }))).toBe(20000);
    expect(
      code(await s.post(PROBLEM_REPORTS_PATH, { note: 'x'.repeat(2001), log: logText('x') }, { token })),
    ).toBe(10400);
    expect(code(await s.post(PROBLEM_REPORTS_PATH, { note: 1, log: [] }, { token }))).toBe(10400);
  });
});
