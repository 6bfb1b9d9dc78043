/**
 * End-to-end harness: starts the real server (its bundle, as `npm start` runs it after its build,
 * made once per run by globalSetup.ts: ../support/serverBundle.ts) on a free port with a fresh
 * data dir, and drives Debian's Chromium through playwright-core. Screenshots land in test-results/
 * for a person to look at.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { SEEDED_EARNINGS } from '../../server/seeds/social';
import { copyDatabase, removeDataDir, seededDataDir } from '../support/seeded';
import { serverArgs } from '../support/serverBundle';

/** The demo account's coins on a fresh start: its 500 plus the seeded creator earnings. */
export const DEMO_COINS = String(500 + SEEDED_EARNINGS.reduce((a, b) => a + b, 0));

export const CHROME = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
export const SHOTS = path.resolve('test-results');

/**
 * Where a screenshot named `name` goes: test-results/<name>.jpg. JPEG (Chromium's quality 80, chosen by
 * the extension) rather than PNG: a full page at 1280 px encodes in ~110 ms instead of ~320 ms and
 * weighs a fifth, and the suite takes about 390 of them for a person to look at.
 */
export const shotFile = (name: string): string => path.join(SHOTS, `${name}.jpg`);

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
  // starts as `npm start` does on a second run. The pictures' variants are the run's, made once
  // by whichever server is asked first (no e2e test counts a server's encodes).
  const dataDir = await seededDataDir('atelier-e2e-', { shareVariants: true });
  // With DATABASE_URL (npm test runs the suite on a PostgreSQL cluster of its own): a copy of the
  // seeded template database, as a deployment past one process runs; without it, the embedded one.
  const baseUrl = process.env['DATABASE_URL'] || null;
  const database = baseUrl ? await copyDatabase(baseUrl) : null;
  const child: ChildProcess = spawn(process.execPath, serverArgs(), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TASK_DURATION_MS: '6000',
      // Warnings and errors only: a request log per call costs the server and this process CPU
      // (the output is kept to explain a server that did not start).
      LOG_LEVEL: 'warn',
      DATABASE_URL: database?.url ?? '',
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
      await Promise.all([removeDataDir(dataDir), database?.drop()]);
    },
  };
};

/** Where every page's event log is kept when its browser closes (scanned at the suite's end). */
export const EVENT_LOGS = path.join(SHOTS, 'event-logs');

/** Each open page's event log (`__ATELIER__.eventLog()`), written before the browser closes. */
const keepEventLogs = async (browser: Browser): Promise<void> => {
  await mkdir(EVENT_LOGS, { recursive: true });
  let n = 0;
  for (const context of browser.contexts())
    for (const page of context.pages()) {
      const kept = await Promise.race([
        page
          .evaluate(() => {
            const atelier = (
              window as unknown as { __ATELIER__?: { eventLog?: () => string; state?: () => unknown } }
            ).__ATELIER__;
            const log = atelier?.eventLog?.() ?? null;
            // The state the page holds, redacted as the log is: a replay of the log must give it.
            return log === null ? null : { log, state: JSON.stringify(atelier?.state?.() ?? null) };
          })
          .catch(() => null),
        new Promise<null>((r) => setTimeout(() => r(null), 5_000)),
      ]);
      if (kept) {
        const name = path.join(EVENT_LOGS, `${process.pid}-${Date.now()}-${(n += 1)}`);
        await writeFile(`${name}.jsonl`, kept.log);
        await writeFile(`${name}.state.json`, kept.state);
      }
    }
};

export const launchBrowser = async (): Promise<Browser> => {
  await mkdir(SHOTS, { recursive: true });
  const browser = await chromium.launch({
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
  // The suite's end scans every log for secrets (globalSetup.ts): keep them before the pages go.
  const close = browser.close.bind(browser);
  browser.close = async (options) => {
    await keepEventLogs(browser).catch(() => undefined);
    return close(options);
  };
  return browser;
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

/** The demo account every file may use (seeded; its popups are switched off by `startApp`). */
export const DEMO = { email: 'demo@atelier.test', password: 'atelier-demo' } as const;

export interface PageOptions {
  /** CSS px; 1280 unless said (860 px high, or 844 below 600 px wide). */
  readonly width?: number;
  readonly height?: number;
  /** A phone's browser (Playwright's `isMobile`: the viewport meta tag is honoured). */
  readonly mobile?: boolean;
  readonly locale?: string;
  /** A device id put in local storage before the page's first script (the A/B assignment unit). */
  readonly deviceId?: string;
  /** Take the server's Content-Security-Policy down, to see what the page alone lets run. */
  readonly bypassCSP?: boolean;
}

/** One file's app, browser and pages: what every e2e file needs, written once. */
export interface E2EFile {
  readonly app: RunningApp;
  readonly browser: Browser;
  readonly url: string;
  /** Uncaught errors of every page opened with `newPage` (a file asserts it empty where it matters). */
  readonly pageErrors: string[];
  /** A page in a new browser context; the context is closed with the file. */
  readonly newPage: (options?: PageOptions) => Promise<Page>;
  /** A full-page screenshot as test-results/<file prefix>-<width>-<name>.jpg, for a person to look at. */
  readonly shot: (page: Page, name: string) => Promise<void>;
}

/**
 * Registers the file's `beforeAll` (the server on a copy of the run's seeded data, with `env`, and
 * Chromium, started side by side) and `afterAll` (every context, the browser, the server), and
 * returns the file's handles; `app` and `browser` are there once `beforeAll` has run.
 */
export const e2eFile = (prefix: string, env: Record<string, string> = {}): E2EFile => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(env), launchBrowser()]);
  });
  afterAll(async () => {
    // Closing the browser keeps every open page's event log first (launchBrowser), then its contexts go.
    await browser?.close();
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await app?.stop();
  });
  const ready = <A>(value: A | undefined, what: string): A => {
    if (value === undefined) throw new Error(`${what} is there once beforeAll has run`);
    return value;
  };
  const handles: E2EFile = {
    get app() {
      return ready(app, 'the app');
    },
    get browser() {
      return ready(browser, 'the browser');
    },
    get url() {
      return ready(app, 'the app').url;
    },
    pageErrors,
    newPage: async ({
      width = 1280,
      height,
      locale = 'en-US',
      deviceId,
      mobile = false,
      bypassCSP = false,
    } = {}) => {
      const context = await handles.browser.newContext({
        locale,
        viewport: { width, height: height ?? (width < 600 ? 844 : 860) },
        ...(mobile ? { isMobile: true } : {}),
        ...(bypassCSP ? { bypassCSP: true } : {}),
      });
      contexts.push(context);
      if (deviceId !== undefined)
        await context.addInitScript((id) => window.localStorage.setItem('device_id', id), deviceId);
      const page = await context.newPage();
      page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.message}`));
      return page;
    },
    shot: async (page, name) => {
      await page.screenshot({
        path: shotFile(`${prefix}-${page.viewportSize()?.width ?? 0}-${name}`),
        fullPage: true,
      });
    },
  };
  return handles;
};

/** Signs `page`'s context in through the API (its cookie is the context's): no form on screen. */
export const signInThroughApi = async (
  page: Page,
  url: string,
  { email, password }: { readonly email: string; readonly password: string } = DEMO,
): Promise<void> => {
  const r = await page.request.post(url + '/api/v1/account/login', { data: { email, password } });
  const body = (await r.json()) as { status: { code: number } };
  if (body.status.code !== 10000) throw new Error(`login of ${email}: ${body.status.code}`);
};

/** Signs in through the login page's form, as a person does, and waits for the account menu. */
export const signInThroughForm = async (
  page: Page,
  url: string,
  { email, password }: { readonly email: string; readonly password: string } = DEMO,
): Promise<void> => {
  await page.goto(url + '/login');
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('account-menu').waitFor({ timeout: 20_000 });
};
