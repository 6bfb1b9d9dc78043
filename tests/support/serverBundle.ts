/**
 * The server as `npm start` runs it: the bundle of scripts/build-server.mjs, made once per run by
 * a global setup from the sources as they are now (in a directory of its own under
 * node_modules/.cache, where its packages resolve, so a run never starts yesterday's dist/server,
 * and steps running side by side do not share one), and started
 * by every test that needs a server in a process of its own (end-to-end files, soak tests).
 * A start from the bundle costs ~2.0 core-seconds against ~2.8 through tsx's loader, and each
 * engine thread 0.12 against 0.55.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    serverBundle: string;
  }
}

/** The global setup's half: bundles the server and provides its entry; returns the teardown. */
export const provideServerBundle = (project: TestProject): (() => void) => {
  const cache = path.join('node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = path.resolve(mkdtempSync(path.join(cache, 'atelier-server-')));
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs', dir], { encoding: 'utf8' });
  if (r.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`bundling the server failed:\n${r.stdout}\n${r.stderr}`);
  }
  project.provide('serverBundle', path.join(dir, 'main.mjs'));
  return () => rmSync(dir, { recursive: true, force: true });
};

/** What `npm run build` leaves for `npm start` (the benchmarks run there, outside vitest). */
const BUILT = path.join('dist', 'server', 'main.mjs');

/**
 * The arguments of node that start the server: the run's bundle in a test; outside vitest (the
 * benchmarks, after `npm run build`), the built one, or the sources through tsx when there is none.
 */
export const serverArgs = (): string[] => {
  let bundle: string | undefined;
  try {
    bundle = inject('serverBundle');
  } catch {
    bundle = undefined;
  }
  if (bundle !== undefined) return [bundle];
  return existsSync(BUILT) ? [BUILT] : ['--import', 'tsx', path.join('server', 'main.ts')];
};
