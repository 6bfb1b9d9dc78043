/**
 * Vitest global setup of the end-to-end suite: the server's bundle (../support/serverBundle.ts) and
 * one seeded data directory with every square cover rendered; each file's server (support.ts
 * `startApp`) starts on a copy of it, as on a second run of `npm start`, instead of seeding again
 * and rendering the same covers while its tests run.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEMO, EVENT_LOGS, SHOTS } from './support';
import { scanLogDirs } from '../support/logScan';
import { replayKeptLogs } from '../support/logReplay';
import { provideSeededTemplate } from '../support/seeded';
import { provideServerBundle } from '../support/serverBundle';

/**
 * At the suite's end, every event log its pages recorded (kept by `launchBrowser` when a browser
 * closes, and the logs tests downloaded into test-results/) is scanned for what must never be in
 * one (issue 24): a finding fails the run, naming the file, line and JSON path, never the secret.
 */
const scanRecordedLogs = (): void => {
  const { logs, lines, findings } = scanLogDirs([EVENT_LOGS, SHOTS], [DEMO.password]);
  console.log(`event-log scan: ${logs} logs, ${lines} lines, ${findings.length} secrets found`);
  if (findings.length === 0) return;
  // Vitest reports a teardown's error without failing the run: the exit code says it too.
  process.exitCode = 1;
  throw new Error(
    `secrets in recorded event logs:\n${findings
      .slice(0, 20)
      .map((f) => `${path.relative(process.cwd(), f.file)}:${f.line} ${f.what}`)
      .join('\n')}`,
  );
};

/** Every kept log replays twice, with no server, to the state its page held (issue 24). */
const replayRecordedLogs = (): void => {
  const { logs, findings } = replayKeptLogs(EVENT_LOGS);
  console.log(
    `event-log replay: ${logs} logs replayed twice, ${logs - new Set(findings.map((f) => f.file)).size} equal to their page's state`,
  );
  if (findings.length === 0) return;
  process.exitCode = 1;
  throw new Error(
    `recorded event logs that do not replay to their page's state:\n${findings
      .slice(0, 20)
      .map((f) => `${path.relative(process.cwd(), f.file)}: ${f.what}`)
      .join('\n')}`,
  );
};

export default async (project: TestProject): Promise<() => Promise<void>> => {
  rmSync(EVENT_LOGS, { recursive: true, force: true });
  const removeBundle = provideServerBundle(project);
  const teardown = await provideSeededTemplate(project, { covers: true });
  return async () => {
    removeBundle();
    await teardown();
    try {
      scanRecordedLogs();
    } finally {
      replayRecordedLogs();
    }
  };
};
