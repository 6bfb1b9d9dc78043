import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaigns, evolve, initialRootState, tasks } from '../../domain/index.js';
import { loadRemix, loadTaskOptions } from '../../infrastructure/tasks/commands';
import { createRoute } from '../../src/routes/create';
import { homeRoute } from '../../src/routes/home';
import { contextOver, settled, step } from './support';

const at = (path: string) => new URL(`http://localhost${path}`);

afterEach(() => {
  vi.useRealTimers();
});

describe("Create's route (`/`, `/create`) asks for the options as it starts and renders the form, not its skeleton (issue 22)", () => {
  it('asks for the options config, with ?model=, and for the work of ?remix=, before its guard runs', () => {
    for (const route of [homeRoute, createRoute]) {
      const plain = contextOver(initialRootState);
      route.start!(plain.ctx, {}, at('/create'));
      expect(plain.dispatched).toEqual([loadTaskOptions({})]);
      const from = contextOver(initialRootState);
      route.start!(from.ctx, {}, at('/create?model=mdl-002&remix=art-005'));
      expect(from.dispatched).toEqual([
        loadTaskOptions({ modelId: 'mdl-002' }),
        loadRemix({ artworkId: 'art-005' }),
      ]);
    }
  });

  it('its loader waits for the options and the remixed work (and the banner clock), then lets the page render', async () => {
    vi.useFakeTimers();
    const { ctx } = contextOver(initialRootState, step);
    const loading = createRoute.load!(ctx, {}, at('/create?remix=art-005'));
    ctx.store.dispatch(tasks.optionsRequested({}));
    ctx.store.dispatch(campaigns.campaignClockRead({ now: 1 }));
    ctx.store.dispatch(tasks.optionsFailed({}));
    expect(await settled(loading)).toBe(false);
    ctx.store.dispatch(tasks.remixFailed({ artworkId: 'art-005', notFound: true }));
    expect(await settled(loading)).toBe(true);
  });

  it('gives up waiting after 3 s (virtual time): the page then shows its own loading state', async () => {
    vi.useFakeTimers();
    const { ctx } = contextOver(evolve(initialRootState, campaigns.campaignClockRead({ now: 1 })), step);
    const loading = homeRoute.load!(ctx, {}, at('/'));
    ctx.store.dispatch(tasks.optionsRequested({}));
    await vi.advanceTimersByTimeAsync(2999);
    expect(await settled(loading)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(loading)).toBe(true);
  });
});
