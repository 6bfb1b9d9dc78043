/**
 * End-to-end harness: starts the real server (`tsx server/main.ts`, as `npm start` does after
 * its build) on a free port with a fresh data dir, and drives Debian's Chromium through
 * playwright-core. Screenshots land in test-results/ for a person to look at.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { SEEDED_EARNINGS } from '../../server/seeds/social';
import { removeDataDir, seededDataDir } from '../support/seeded';

/** The demo account's coins on a fresh start: its 500 plus the seeded creator earnings. */
export const DEMO_COINS = String(500 + SEEDED_EARNINGS.reduce((a, b) => a + b, 0));

export const CHROME = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
export const SHOTS = path.resolve('test-results');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });

export interface RunningApp {
  readonly url: string;
  readonly dataDir: string;
  readonly stop: () => Promise<void>;
}

export const startApp = async (env: Record<string, string> = {}): Promise<RunningApp> => {
  const port = await freePort();
  // A copy of the suite's seeded data with its covers rendered (globalSetup.ts): this server
  // starts as `npm start` does on a second run.
  const dataDir = await seededDataDir('atelier-e2e-');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TASK_DURATION_MS: '6000',
      // Warnings and errors only: a request log per call costs the server and this process CPU
      // (the output is kept to explain a server that did not start).
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const up = await fetch(url + '/')
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // The demo account is everyone's test account: the server's popups would cover other screens.
  await settleNewAccount(url, 'demo@atelier.test', 'atelier-demo');
  return {
    url,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await removeDataDir(dataDir);
    },
  };
};

export const launchBrowser = async (): Promise<Browser> => {
  await mkdir(SHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROME,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
};

/** Picks an interface language from the header's language menu (its items carry their `lang`). */
export const chooseLanguage = async (page: Page, code: string) => {
  await page.getByTestId('language').click();
  await page.locator(`[role=menuitem] [lang="${code}"]`).click();
};

/** A popup status that offers nothing (the body of the development switch POST /dev/popups). */
export const NO_POPUPS = {
  discount_popup: null,
  face_photo_popup: null,
  show_temp_coins_popup: false,
  wakeup_user_popup: null,
  user_activity_award_list: [],
  hot_popup_cnt: 0,
  daily_stamina: null,
};

/**
 * A newly registered account as one that has been here before: the server's welcome popups off
 * (the development switch POST /dev/popups) and the guided tour seen (guide status 1), so a test of
 * another screen is not covered by them. The tour's test keeps the tour (`tourSeen: false`); the
 * popups' tests do not use this.
 */
export const settleNewAccount = async (
  url: string,
  email: string,
  password: string,
  { tourSeen = true }: { readonly tourSeen?: boolean } = {},
): Promise<void> => {
  const login = await fetch(url + '/api/v1/account/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login of ${email}: HTTP ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const post = async (path: string, body: unknown) => {
    const r = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    const json = (await r.json()) as { status: { code: number } };
    if (json.status.code !== 10000) throw new Error(`${path}: ${json.status.code}`);
  };
  await post('/dev/popups', { status: NO_POPUPS });
  if (tourSeen) await post('/api/v1/account/guide/status/set', { guide_status: 1 });
};
