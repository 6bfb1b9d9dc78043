/**
 * One seeded data directory (and, on the PostgreSQL pass, one seeded template database) per test
 * run, made by a global setup with tests/support/prepareData.ts; every test server starts on a copy.
 * A first start opens a new PGlite and seeds the demo data (10 to 15 s on 2 cores); a start over a
 * seeded copy takes about 1 s and runs the same migrations and seeds, which find their work done.
 */
import { spawnSync } from 'node:child_process';
import { cp, link, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

export interface SeededTemplate {
  /** A data directory with the seeded blobs (and the seeded PGlite in `pgdata/` without a database URL). */
  readonly dir: string;
  /** The seeded template database on the PostgreSQL server of DATABASE_URL, if there is one. */
  readonly database: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: SeededTemplate;
  }
}

const adminQuery = async (url: string, sql: string): Promise<void> => {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
};

const databaseUrlOf = (url: string, name: string): string => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
};

/**
 * The global setup's half: prepares the template (`covers`: with every square cover rendered too)
 * and provides it to the files as `seededTemplate`; returns the teardown that removes it.
 */
export const provideSeededTemplate = async (
  project: TestProject,
  { covers }: { readonly covers: boolean },
): Promise<() => Promise<void>> => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atelier-seeded-'));
  const baseUrl = process.env['DATABASE_URL'] || null;
  const database = baseUrl ? `atelier_seeded_${Date.now().toString(36)}` : null;
  if (baseUrl && database) await adminQuery(baseUrl, `CREATE DATABASE ${database}`);
  const started = Date.now();
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'tests/support/prepareData.ts', ...(covers ? ['--covers'] : [])],
    {
      env: {
        ...process.env,
        DATA_DIR: dir,
        DATABASE_URL: baseUrl && database ? databaseUrlOf(baseUrl, database) : '',
        LOG_LEVEL: 'silent',
        // Nothing else runs yet: the covers render on both cores.
        ...(covers ? { ENGINE_THREADS: '2' } : {}),
      },
      encoding: 'utf8',
    },
  );
  const teardown = async () => {
    if (baseUrl && database) await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  };
  if (r.status !== 0) {
    await teardown();
    throw new Error(`preparing the seeded data failed:\n${r.stdout}\n${r.stderr}`);
  }
  console.log(`${r.stdout.trim()} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('seededTemplate', { dir, database });
  return teardown;
};

/**
 * The run's template, or null where no global setup made one: the soak suite, and the benchmarks,
 * which run outside vitest (where `inject` has no worker state and throws): fresh starts.
 */
export const seededTemplate = (): SeededTemplate | null => {
  try {
    return inject('seededTemplate') ?? null;
  } catch {
    return null;
  }
};

/**
 * `to` as a tree of hard links to the files of `from`: the disk blob store never writes a file in
 * place (a put renames a new file over the old, a delete unlinks), so a copy's writes never reach
 * the template. 79 MB of seeded covers took ~1 s to copy for each end-to-end file.
 */
const linkTree = async (from: string, to: string, skipVariants = false): Promise<void> => {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (skipVariants && entry.name === 'variants') continue;
    if (entry.isDirectory()) await linkTree(source, target);
    else await link(source, target);
  }
};

/** Where the blob store keeps image variants (server/blobs/variants.ts `variantKey`). */
const VARIANTS = path.join('blobs', 'variants');

/**
 * A new data directory holding a copy of the template's (or an empty one without a template): the
 * database's files copied (PGlite writes them in place), the blobs linked. With `shareVariants`,
 * its `blobs/variants` is the template's own directory (a symbolic link), written by every copy:
 * a variant's key is its original's content hash, a put renames a whole file into place, so the
 * copies' servers make each picture's variants once per run instead of once per server (the
 * end-to-end files: ~60 s of encoding on the 2 cores). Not for tests that count a server's encodes.
 */
export const seededDataDir = async (
  prefix: string,
  { shareVariants = false }: { readonly shareVariants?: boolean } = {},
): Promise<string> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const template = seededTemplate();
  if (!template) return dir;
  for (const entry of await readdir(template.dir, { withFileTypes: true })) {
    const source = path.join(template.dir, entry.name);
    const target = path.join(dir, entry.name);
    if (entry.name === 'blobs' && entry.isDirectory()) await linkTree(source, target, shareVariants);
    else await cp(source, target, { recursive: true });
  }
  if (shareVariants) {
    const shared = path.join(template.dir, VARIANTS);
    await mkdir(shared, { recursive: true });
    await symlink(shared, path.join(dir, VARIANTS), 'dir');
  }
  return dir;
};

/**
 * A database of its own on the PostgreSQL server of `url`, a copy of the seeded template when
 * there is one (CREATE DATABASE ... TEMPLATE), empty otherwise; dropped by `drop`.
 */
export const copyDatabase = async (
  url: string,
): Promise<{ readonly url: string; readonly drop: () => Promise<void> }> => {
  const name = `atelier_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const template = seededTemplate()?.database;
  await adminQuery(url, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: databaseUrlOf(url, name),
    drop: () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
};

export const removeDataDir = (dir: string): Promise<void> => rm(dir, { recursive: true, force: true });
