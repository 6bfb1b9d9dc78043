/**
 * `npm run replay -- <log.jsonl> [--at N] [--json]`
 * Folds an exported event log through the domain reducers, checks every invariant after every
 * event, and prints a summary of the final state (or the state at event N). Exits 1 naming the
 * first event that breaks an invariant, 2 when the log cannot be read.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as E from 'fp-ts/Either';
import { canonicalJson, isAppEventType, parseEventLog, replay } from '../domain/index.js';
import { summarise } from './replay-summary';

const usage = 'usage: npm run replay -- <log.jsonl> [--at N] [--json]';

const main = async (argv: readonly string[]): Promise<number> => {
  const file = argv.find((a) => !a.startsWith('--'));
  const atIndex = argv.indexOf('--at');
  const upTo = atIndex >= 0 ? Number(argv[atIndex + 1]) : undefined;
  const asJson = argv.includes('--json');
  if (!file || (upTo !== undefined && !(Number.isInteger(upTo) && upTo >= 0))) {
    console.error(usage);
    return 2;
  }
  const text = await readFile(file, 'utf8').catch((err: unknown) => {
    console.error(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  });
  if (text === null) return 2;
  const parsed = parseEventLog(text);
  if (E.isLeft(parsed)) {
    console.error(`${file}:${parsed.left.line}: ${parsed.left.message}`);
    return 2;
  }
  const { events, header } = parsed.right;
  const unknown = events.filter((e) => !isAppEventType(e.type));
  const result = replay(events, upTo === undefined ? {} : { upTo });
  const digest = createHash('sha256').update(canonicalJson(result.state)).digest('hex');
  if (asJson) {
    console.log(
      JSON.stringify({ applied: result.applied, violation: result.violation, digest, state: result.state }),
    );
  } else {
    console.log(
      `log: ${file} (${header.source}, ${events.length} events${unknown.length ? `, ${unknown.length} of unknown type ignored` : ''})`,
    );
    console.log(`applied: ${result.applied}${upTo !== undefined ? ` (stopped at --at ${upTo})` : ''}`);
    for (const line of summarise(result.state)) console.log(line);
    console.log(`state digest: sha256:${digest}`);
  }
  if (result.violation) {
    const v = result.violation;
    console.error(
      `invariant ${v.invariant} broken by event #${v.index + 1} (seq ${v.event.meta.seq}, ${v.event.type}): ${v.message}`,
    );
    return 1;
  }
  return 0;
};

process.exitCode = await main(process.argv.slice(2));
