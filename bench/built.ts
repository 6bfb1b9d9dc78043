/**
 * The benchmarks that load the web client in Chromium (the square's scroll, Lighthouse) need the
 * built client: on a fresh clone they build it first (`npm run build`), once; later runs use it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Builds the client when `dist/web/index.html` (or WEB_ROOT's) is missing; false if the build failed. */
export const ensureBuiltClient = (): boolean => {
  const root = process.env['WEB_ROOT'] ?? 'dist/web';
  if (existsSync(path.resolve(root, 'index.html'))) return true;
  console.log(`no built client in ${root}: running \`npm run build\` first`);
  const r = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  return r.status === 0 && existsSync(path.resolve(root, 'index.html'));
};
