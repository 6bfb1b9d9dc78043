import { describe, expect, it } from 'vitest';
import { evolve, feed, initialRootState, routing } from '../../domain/index.js';
import { loadFeedPage } from '../../infrastructure/feed/commands';
import { exploreRoute, exploreSectionRoutes } from '../../src/routes/explore';
import { contextOver } from './support';

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
