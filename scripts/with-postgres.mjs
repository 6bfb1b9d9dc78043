#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL cluster: initdb into a temp dir, start it on a
// free port, export DATABASE_URL, run the command, stop and remove the cluster. Used by `npm test`
// for its PostgreSQL pass of the server tests. Exits 3 when no PostgreSQL server is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const findBin = () => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
};

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const bin = findBin();
if (!bin) {
  console.error('PostgreSQL is not installed (apt-get install -y postgresql).');
  process.exit(3);
}
const isRoot = process.getuid?.() === 0;
const dir = mkdtempSync(path.join(os.tmpdir(), 'atelier-pg-'));
chmodSync(dir, 0o777);
const data = path.join(dir, 'data');
const as = (cmd, args) =>
  isRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'inherit' })
    : spawnSync(cmd, args, { stdio: 'inherit' });
const port = await freePort();
const user = isRoot ? 'postgres' : os.userInfo().username;
let code = 1;
try {
  if (
    as(path.join(bin, 'initdb'), ['-D', data, '-U', user, '--auth=trust', '-E', 'UTF8', '--no-sync'])
      .status !== 0
  )
    throw new Error('initdb failed');
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  if (
    as(path.join(bin, 'pg_ctl'), ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start'])
      .status !== 0
  )
    throw new Error('pg_ctl start failed');
  const url = `postgres://${user}@127.0.0.1:${port}/postgres`;
  console.log(`PostgreSQL ${path.basename(path.dirname(bin))} at ${url}`);
  const [cmd, ...args] = process.argv.slice(2);
  code = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } }).status ?? 1;
} catch (err) {
  console.error(String(err));
} finally {
  as(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
