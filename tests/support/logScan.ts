/**
 * Scans recorded event logs for what must never be in one (issue 24 "redacted when recorded"):
 * tokens, passwords, cookies, signatures of signed URLs, e-mail addresses and card numbers, by the
 * domain's own definition (a line the domain's `redact` would still change holds one of them:
 * `redact` returns the very same value when there is nothing to remove), plus secrets the tests
 * know in plain text (the demo account's password).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { redact } from '../../domain/index.js';

export interface LogFinding {
  readonly file: string;
  readonly line: number;
  /** Where in the line (a JSON path) and what kind of secret, never the secret itself. */
  readonly what: string;
}

/** The first JSON path whose value `redact` changes, or null. */
const firstSecretPath = (value: unknown, at = '$'): string | null => {
  if (redact(value) === value) return null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const p = firstSecretPath(v, `${at}[${i}]`);
      if (p !== null) return p;
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      const probe = { [k]: v };
      if (redact(probe) === probe) continue;
      // The value itself, or (when it alone is harmless) the key that makes it a secret.
      return firstSecretPath(v, `${at}.${k}`) ?? `${at}.${k}`;
    }
  }
  return at;
};

export const scanLogText = (text: string, file: string, plainSecrets: readonly string[]): LogFinding[] => {
  const findings: LogFinding[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      findings.push({ file, line: i + 1, what: 'not a JSON line' });
      return;
    }
    const secretAt = firstSecretPath(value);
    if (secretAt !== null) findings.push({ file, line: i + 1, what: `unredacted at ${secretAt}` });
    for (const [n, secret] of plainSecrets.entries())
      if (line.includes(secret)) findings.push({ file, line: i + 1, what: `plain secret #${n + 1}` });
  });
  return findings;
};

/** Every `*.jsonl` under `dirs` (not recursive), scanned; the counts and the findings. */
export const scanLogDirs = (dirs: readonly string[], plainSecrets: readonly string[]) => {
  let logs = 0;
  let lines = 0;
  const findings: LogFinding[] = [];
  for (const dir of dirs) {
    const names = existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.jsonl')) : [];
    for (const name of names) {
      const file = path.join(dir, name);
      const text = readFileSync(file, 'utf8');
      logs += 1;
      lines += text.split('\n').filter((l) => l.trim() !== '').length;
      findings.push(...scanLogText(text, file, plainSecrets));
    }
  }
  return { logs, lines, findings };
};
