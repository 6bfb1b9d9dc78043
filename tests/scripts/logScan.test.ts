/**
 * The event-log scanner the end-to-end suite runs over every log it recorded (issue 24: no
 * token, password, cookie, URL signature, e-mail or card number in a log): it finds each kind,
 * says where without echoing the secret, and passes a redacted log.
 */
import { describe, expect, it } from 'vitest';
import { makeHeader, redact, serializeEventLog, stamp, tasks } from '../../domain/index.js';
import { scanLogText } from '../support/logScan';

const header = JSON.stringify(makeHeader(0, 'test'));
const line = (payload: unknown) => JSON.stringify({ type: 'x/y', payload, meta: { seq: 1, at: 0 } });

describe('event-log scanner (issue 24 redaction)', () => {
  it('finds a token, a password, a cookie, a signed URL, an e-mail and a card number, each with its path, never the secret', () => {
    const cases: [unknown, string][] = [
      [{ token: 'tok-abcdef0123456789' }, '$.payload.token'],
      [{ user: { password: 'hunter2-hunter2' } }, '$.payload.user.password'],
      [{ headers: { cookie: 'atelier_token=abc' } }, '$.payload.headers.cookie'],
      [{ url: '/upload/f1/0?exp=1&sig=deadbeefcafe' }, '$.payload.url'],
      [{ note: 'mail me at someone@example.com' }, '$.payload.note'],
      [{ card: '4242 4242 4242 4242' }, '$.payload.card'],
    ];
    for (const [payload, where] of cases) {
      const findings = scanLogText(`${header}\n${line(payload)}\n`, 'f.jsonl', []);
      expect(findings, JSON.stringify(payload)).toEqual([
        { file: 'f.jsonl', line: 2, what: `unredacted at ${where}` },
      ]);
      expect(JSON.stringify(findings)).not.toMatch(
        /hunter2|deadbeef|someone@|4242 4242|tok-abc|atelier_token/,
      );
    }
  });

  it('passes a redacted log, and finds a plain secret the tests know wherever it is', () => {
    const events = [
      stamp(
        tasks.taskCreated({
          id: 't1',
          params: { domainType: 0, prompt: 'write to me at a@b.example', aspectRatio: '1:1', seed: 1 },
          guest: false,
          estimateMs: null,
          createdAt: 0,
        }),
        1,
        0,
      ),
    ];
    const log = serializeEventLog(redact({ header: makeHeader(0, 'test'), events }));
    expect(scanLogText(log, 'ok.jsonl', ['atelier-demo'])).toEqual([]);
    expect(
      scanLogText(`${line({ prompt: 'my password is atelier-demo' })}\n`, 'p.jsonl', ['atelier-demo']),
    ).toEqual([{ file: 'p.jsonl', line: 1, what: 'plain secret #1' }]);
    expect(scanLogText('{oops\n', 'bad.jsonl', [])).toEqual([
      { file: 'bad.jsonl', line: 1, what: 'not a JSON line' },
    ]);
  });
});
