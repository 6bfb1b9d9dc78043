import { afterEach, describe, expect, it, vi } from 'vitest';
import { evolve, feed, initialRootState, routing } from '../../domain/index.js';
import { loadFeedPage } from '../../infrastructure/feed/commands';
import { exploreRoute, exploreSectionRoutes } from '../../src/routes/explore';
import { contextOver, settled, step } from './support';

const input = (path: string, routeName: string, enableTavern: boolean): routing.RouteInput => ({
  path,
  routeName,
  query: {},
  requiresAuth: false,
  hasSessionCookie: true,
  cookies: { lang: 'en', ...(enableTavern ? { enable_tavern: 'true' } : {}) },
  flags: { abStTavern: false, model_detail_v2: 'A' },
  isBot: false,
  browserLanguage: 'en-US',
});

describe('the square addresses (spec §2 explore sections with tag paths)', () => {
  it('has one route per section path, each named by its tab page key', () => {
    expect(exploreSectionRoutes.map((r) => `/${r.path}`).sort()).toEqual(
      [
        '/model',
        '/cyberpub',
        '/post',
        '/ai-video',
        '/ai-audio',
        '/swiftapp',
        '/lora',
        '/designtmp',
        '/workflow',
        '/ai-novel',
      ].sort(),
    );
    for (const r of exploreSectionRoutes) {
      const tab = feed.tabOfExplorePath(`/${r.path}`);
      expect(tab).not.toBeNull();
      expect(r.meta.name).toBe(feed.TABS[tab!].pageKey);
    }
  });

  it('/cyberpub is a character route: home without the tavern permission, shown with it', () => {
    const cyberpub = exploreSectionRoutes.find((r) => r.path === 'cyberpub')!;
    expect(routing.decideRoute(input('/cyberpub', cyberpub.meta.name, false))).toMatchObject({
      kind: 'redirect',
      to: '/',
    });
    expect(routing.decideRoute(input('/cyberpub', cyberpub.meta.name, true))).toEqual({ kind: 'allow' });
    const model = exploreSectionRoutes.find((r) => r.path === 'model')!;
    expect(routing.decideRoute(input('/model', model.meta.name, false))).toEqual({ kind: 'allow' });
  });

  it('/explore/:tab knows every square tab, anime and Creator Academy included, and 404s the rest', async () => {
    const load = (tab: string | undefined) =>
      exploreRoute.load!(
        contextOver(initialRootState).ctx,
        tab === undefined ? {} : { tab },
        new URL(`http://localhost/explore/${tab ?? ''}`),
      );
    for (const tab of [undefined, 'model', 'anime', 'creatorAcademy'])
      await expect(load(tab)).resolves.toBeUndefined();
    await expect(load('nope')).rejects.toMatchObject({ status: 404 });
  });

  it("asks for the tab's first page as the route starts, with the address's query, unless the list is held", async () => {
    const url = new URL('http://localhost/explore/model?sort=new');
    const query = feed.parseSquareSearch('model', [...url.searchParams]);
    const fresh = contextOver(initialRootState);
    exploreRoute.start!(fresh.ctx, { tab: 'model' }, url);
    expect(fresh.dispatched).toEqual([loadFeedPage({ tab: 'model', query })]);

    // Back at the square: the list of that query is held (loading or loaded), so nothing is asked.
    const held = evolve(
      initialRootState,
      feed.pageRequested({ query: { ...query, params: { ...query.params, offset: 0 } } }),
    );
    expect(feed.selectFeedFor(held.feed, query).status).not.toBe('idle');
    const back = contextOver(held);
    exploreRoute.start!(back.ctx, { tab: 'model' }, url);
    expect(back.dispatched).toEqual([]);

    // A section path (`/model`) asks for its own tab's first page.
    const section = exploreSectionRoutes.find((r) => r.path === 'ai-video')!;
    const atSection = contextOver(initialRootState);
    section.start!(atSection.ctx, {}, new URL('http://localhost/ai-video'));
    expect(atSection.dispatched).toEqual([
      loadFeedPage({ tab: 'video', query: feed.parseSquareSearch('video', []) }),
    ]);
  });
});

describe("the document's first square waits for its first page before React's first render (issue 22: the server drew its first cards)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits while the list is idle or loading, and goes on with its page or its failure', async () => {
    vi.useFakeTimers();
    const url = new URL('http://localhost/explore?sort=new');
    const query = feed.parseSquareSearch('recommend', [...url.searchParams]);
    const first = { ...query, params: { ...query.params, offset: 0 } };
    for (const answer of [
      feed.pageLoaded({ query: first, items: [], nextOffset: 20, hasMore: true }),
      feed.pageFailed({ query: first, code: 500 }),
    ]) {
      const { ctx } = contextOver(initialRootState, step);
      const waiting = exploreRoute.firstScreen!(ctx, {}, url);
      expect(await settled(waiting)).toBe(false);
      ctx.store.dispatch(feed.pageRequested({ query: first }));
      expect(await settled(waiting)).toBe(false);
      ctx.store.dispatch(answer);
      expect(await settled(waiting), answer.type).toBe(true);
    }
  });

  it('gives up after 3 s (virtual time): the page then shows its own loading state; a section path waits too', async () => {
    vi.useFakeTimers();
    const section = exploreSectionRoutes.find((r) => r.path === 'ai-video')!;
    for (const [route, address] of [
      [exploreRoute, '/explore'],
      [section, '/ai-video'],
    ] as const) {
      const { ctx } = contextOver(initialRootState, step);
      const waiting = route.firstScreen!(ctx, {}, new URL(`http://localhost${address}`));
      await vi.advanceTimersByTimeAsync(2999);
      expect(await settled(waiting), address).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await settled(waiting), address).toBe(true);
    }
  });
});
