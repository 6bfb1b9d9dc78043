/**
 * End to end (issue 21): "My projects" in the video editor. The demo account makes two projects,
 * sees them listed, renames one (the name holds after a reload), duplicates it (a third with the
 * same canvas and clips), deletes one after confirming (gone after a reload); at 1280 and 390 px,
 * and the new texts in Arabic.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { e2eFile, shotFile } from './support';

const f = e2eFile('editor-projects', { LOG_LEVEL: 'silent' });
let page: Page;
const pageErrors: string[] = [];

const shoot = async (name: string) => page.screenshot({ path: shotFile(`editor-projects-${name}`) });

const projectIdOfUrl = async (): Promise<string> => {
  let id: string | null = null;
  await expect
    .poll(() => (id = new URL(page.url()).searchParams.get('project_id')), { timeout: 15_000 })
    .toMatch(/^prj_/);
  return id as unknown as string;
};

/** An API call from the signed-in page (its session cookie), answering `data`. */
const call = (p: string, body: unknown) =>
  page.evaluate(
    async ([p, body]) => {
      const r = await fetch(p as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return ((await r.json()) as { data: unknown }).data;
    },
    [p, body] as const,
  ) as Promise<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

const rows = () => page.locator('[data-testid=project-row]');
const row = (id: string) => page.locator(`[data-testid=project-row][data-project-id="${id}"]`);
const openList = async () => {
  await page.getByTestId('editor-projects-open').click();
  await page.getByTestId('project-list').waitFor();
};

let first = '';
let second = '';
const clip = {
  clip_info: {},
  duraction: 4,
  material_id: 'm1',
  url: '/blobs/none.png',
  type: 2,
  index: 0,
  start: 0,
  end: 4,
  id: 'clip-1',
  offset: 0,
};

beforeAll(async () => {
  const context = await f.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
});

describe('end to end: the editor lists, renames, duplicates and deletes projects (issue 21)', () => {
  it('makes two projects and lists both, unnamed ones under the placeholder, newest first', async () => {
    await page.goto(f.url + '/login');
    await page.fill('[data-testid=email]', 'demo@atelier.test');
    await page.fill('[data-testid=password]', 'atelier-demo');
    await page.click('[data-testid=login-submit]');
    await page.locator('[data-testid=coin-balance]').waitFor({ timeout: 15_000 });
    await page.goto(f.url + '/editor');
    first = await projectIdOfUrl();
    const detail = await call('/api/v1/editor/project/detail', { id: first });
    const saved = await call('/api/v1/editor/project/save', {
      canvas: { aspect_ratio: '9:16' },
      editor_info: { audios: [], storyboards: [clip] },
      workspace_id: detail['project'].workspace_id,
      id: first,
    });
    expect(saved['id']).toBe(first);
    await page.goto(f.url + '/editor');
    second = await projectIdOfUrl();
    expect(second).not.toBe(first);
    await openList();
    await expect.poll(() => rows().count()).toBe(2);
    expect(await row(first).getByTestId('project-row-title').textContent()).toBe('Unnamed project');
    expect(await row(first).textContent()).toContain('9:16');
    await shoot('list-1280');
  });

  it('renames one (Escape cancels, Enter saves) and the name holds after a reload', async () => {
    await row(first).getByRole('button', { name: 'Rename' }).click();
    await page.getByTestId('project-rename-input').fill('Ignored');
    await page.getByTestId('project-rename-input').press('Escape');
    expect(await row(first).getByTestId('project-row-title').textContent()).toBe('Unnamed project');
    await row(first).getByRole('button', { name: 'Rename' }).click();
    await page.getByTestId('project-rename-input').fill('  Launch teaser ');
    await page.getByTestId('project-rename-input').press('Enter');
    await expect.poll(() => row(first).getByTestId('project-row-title').textContent()).toBe('Launch teaser');
    await page.reload();
    await projectIdOfUrl();
    await openList();
    await expect.poll(() => row(first).getByTestId('project-row-title').textContent()).toBe('Launch teaser');
  });

  it('duplicates one: a third project appears with the same title, canvas and clips', async () => {
    await row(first).getByRole('button', { name: 'Duplicate' }).click();
    await expect.poll(() => rows().count()).toBe(3);
    const copyId = await rows().first().getAttribute('data-project-id');
    expect([first, second]).not.toContain(copyId);
    expect(await rows().first().getByTestId('project-row-title').textContent()).toBe('Launch teaser');
    const copy = (await call('/api/v1/editor/project/detail', { id: copyId }))['project'];
    expect(copy.canvas).toEqual({ aspect_ratio: '9:16' });
    expect(copy.editor_info.storyboards).toEqual([clip]);
    await rows().first().getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('project_id')).toBe(copyId);
    await expect.poll(() => page.getByTestId('project-title').inputValue()).toBe('Launch teaser');
    await shoot('opened-copy-1280');
  });

  it('deletes one after confirming; it is gone after a reload', async () => {
    await openList();
    await row(second).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Delete “Unnamed project”?');
    await shoot('confirm-delete-1280');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row(second).count()).toBe(0);
    await page.reload();
    await projectIdOfUrl();
    await openList();
    await expect.poll(() => rows().count()).toBe(2);
    expect(await row(second).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('at 390 px the list fits the width, its actions reachable', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openList();
    const box = await rows().first().getByRole('button', { name: 'Delete' }).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot('list-390');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('speaks Arabic: the list, its actions and the confirmation', async () => {
    await page.goto(f.url + `/ar/editor?project_id=${first}`);
    await page.getByTestId('editor-projects-open').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('editor-projects-open').textContent()).toBe('مشاريعي');
    await openList();
    expect(await row(first).getByRole('button', { name: 'إعادة تسمية' }).count()).toBe(1);
    await row(first).getByRole('button', { name: 'حذف' }).click();
    expect(await page.getByRole('alertdialog').textContent()).toContain('حذف «Launch teaser»؟');
    await shoot('confirm-delete-ar');
    await page.getByRole('alertdialog').getByRole('button', { name: 'إلغاء' }).click();
    await shoot('list-ar');
    expect(pageErrors).toEqual([]);
  });
});
