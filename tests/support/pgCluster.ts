/**
 * A throwaway PostgreSQL cluster for one test: initdb into a temp dir, a free port, pg_ctl start,
 * restart and stop (the same steps as scripts/with-postgres.mjs). No PostgreSQL installed is an
 * error with the command that installs it, never a skip.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PgCluster {
  readonly url: string;
  /** `pg_ctl restart -m fast -w`, without blocking this process's event loop (a server in it keeps serving). */
  readonly restart: () => Promise<void>;
  readonly remove: () => void;
}

const findBin = (): string => {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error(
      'PostgreSQL is not installed (no /usr/lib/postgresql/<version>/bin/initdb): apt-get install -y postgresql',
    );
  return path.join(root, versions[0]!, 'bin');
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export const startPgCluster = async (): Promise<PgCluster> => {
  const bin = findBin();
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atelier-pgc-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const argv = (cmd: string, args: string[]): [string, string[]] =>
    isRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]]
      : [path.join(bin, cmd), args];
  const runAsync = (cmd: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [file, list] = argv(cmd, args);
      const child = spawn(file, list, { stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} failed: ${err}`)),
      );
    });
  const run = (cmd: string, args: string[]) => {
    const r = isRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { encoding: 'utf8' })
      : spawnSync(path.join(bin, cmd), args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  };
  const port = await freePort();
  const user = isRoot ? 'postgres' : os.userInfo().username;
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const log = path.join(dir, 'log');
  try {
    run('initdb', ['-D', data, '-U', user, '--auth=trust', '-E', 'UTF8', '--no-sync']);
    run('pg_ctl', ['-D', data, '-o', opts, '-l', log, '-w', 'start']);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `postgres://${user}@127.0.0.1:${port}/postgres`,
    restart: () => runAsync('pg_ctl', ['-D', data, '-o', opts, '-l', log, '-w', '-m', 'fast', 'restart']),
    remove: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
};
