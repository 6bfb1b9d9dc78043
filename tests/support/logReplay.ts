/**
 * Issue 24 "logs recorded by the end-to-end tests replay to the store's final state, byte for
 * byte, twice in a row": each log a page kept when its browser closed (tests/e2e/support.ts) sits
 * beside the state the page held then (`__ATELIER__.state()`, redacted as the log is). The log is
 * replayed twice with no server; both replays and the page's state must be the same JSON.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { canonicalJson, parseEventLog, replayLog } from '../../domain/index.js';

export interface ReplayFinding {
  readonly file: string;
  readonly what: string;
}

export const replayKeptLogs = (
  dir: string,
): { readonly logs: number; readonly findings: ReplayFinding[] } => {
  const findings: ReplayFinding[] = [];
  if (!existsSync(dir)) return { logs: 0, findings };
  let logs = 0;
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.jsonl'))) {
    const stateFile = path.join(dir, name.replace(/\.jsonl$/, '.state.json'));
    if (!existsSync(stateFile)) continue;
    logs += 1;
    const file = path.join(dir, name);
    const log = parseEventLog(readFileSync(file, 'utf8'));
    if (E.isLeft(log)) {
      findings.push({ file, what: `unreadable at line ${log.left.line}: ${log.left.message}` });
      continue;
    }
    const first = replayLog(log.right).state;
    const second = replayLog(log.right).state;
    const page = JSON.parse(readFileSync(stateFile, 'utf8')) as Record<string, unknown>;
    if (canonicalJson(first) !== canonicalJson(second)) findings.push({ file, what: 'two replays differ' });
    const differing = Object.keys({ ...first, ...page }).filter(
      (k) => canonicalJson((first as Record<string, unknown>)[k]) !== canonicalJson(page[k]),
    );
    if (differing.length > 0)
      findings.push({ file, what: `the replay differs from the page's state in ${differing.join(', ')}` });
  }
  return { logs, findings };
};
