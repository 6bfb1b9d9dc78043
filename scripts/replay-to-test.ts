/**
 * `--to-test`: a vitest regression test from the smallest prefix of a log that still breaks an
 * invariant. The prefix is written beside the test as JSON Lines (`<name>.events.jsonl`, a log
 * the replay CLI reads too); the test replays it and expects no violation, so it fails until the
 * bug is fixed and then guards against its return.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serializeEventLog, type FailingPrefix } from '../domain/index.js';

const domainEntry = fileURLToPath(new URL('../domain/index.js', import.meta.url));

/** `x.test.ts` -> `x.events.jsonl` */
export const eventsFileOf = (testFile: string): string =>
  testFile.replace(/(\.test|\.spec)?\.[cm]?[jt]sx?$/, '') + '.events.jsonl';

const importPath = (from: string, to: string): string => {
  const rel = path.relative(path.dirname(from), to).split(path.sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
};

const comment = (text: string): string => text.replace(/\*\//g, '* /');

export const regressionTestSource = (
  testFile: string,
  source: string,
  prefix: FailingPrefix,
  writtenAt: Date,
): string => {
  const v = prefix.violation;
  const data = path.basename(eventsFileOf(testFile));
  const what = prefix.reduced
    ? `the ${prefix.log.events.length} events of the contexts it reads among the first ${prefix.spans}`
    : `its first ${prefix.spans} events`;
  return `/**
 * Regression test written by \`npm run replay -- ${comment(source)} --to-test\` on ${writtenAt.toISOString()}.
 * The log broke ${v.invariant} at event #${v.index + 1} (seq ${v.event.meta.seq}, ${v.event.type}):
 *   ${comment(v.message)}
 * ${data} holds the smallest prefix of the log that still breaks it: ${what}${
   prefix.log.snapshot ? `, after its snapshot (seq ${prefix.log.snapshot.seq})` : ''
 }.
 * It fails until the bug is fixed; keep it afterwards so that the bug does not come back.
 */
import { readFileSync } from 'node:fs';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { parseEventLog, replayLog } from '${importPath(testFile, domainEntry)}';

const log = parseEventLog(readFileSync(new URL('./${data}', import.meta.url), 'utf8'));

describe('regression: ${path.basename(source).replace(/'/g, '')}', () => {
  it('replays without breaking an invariant (${v.invariant} broke at seq ${v.event.meta.seq})', () => {
    if (E.isLeft(log)) throw new Error(\`${data}:\${log.left.line}: \${log.left.message}\`);
    expect(replayLog(log.right).violation).toBeNull();
  });
});
`;
};

/** Writes the test and its events; returns both paths. */
export const writeRegressionTest = async (
  testFile: string,
  source: string,
  prefix: FailingPrefix,
  writtenAt = new Date(),
): Promise<{ readonly test: string; readonly events: string }> => {
  const events = eventsFileOf(testFile);
  await mkdir(path.dirname(path.resolve(testFile)), { recursive: true });
  await writeFile(events, serializeEventLog(prefix.log));
  await writeFile(testFile, regressionTestSource(path.resolve(testFile), source, prefix, writtenAt));
  return { test: testFile, events };
};
