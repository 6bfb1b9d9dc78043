import { describe, expect, it } from 'vitest';
import { feed, routing } from '../../domain/index.js';
import { exploreRoute, exploreSectionRoutes } from '../../src/routes/explore';

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
      exploreRoute.load!({} as never, tab === undefined ? {} : { tab });
    for (const tab of [undefined, 'model', 'anime', 'creatorAcademy'])
      await expect(load(tab)).resolves.toBeUndefined();
    await expect(load('nope')).rejects.toMatchObject({ status: 404 });
  });
});
