import { describe, expect, it } from 'vitest';
import * as registry from '../../../infrastructure/app/registry';
import { areaModules } from '../../../infrastructure/app/makeStore';
import type { EpicModuleLoader } from '../../../infrastructure/app/registry';

/**
 * The area modules are listed twice on purpose: lazily in the registry (the web client loads each
 * when a route needs it) and statically in makeStore (tests, replay, benchmarks). The two lists
 * must name the same modules, or a test store would run epics the web client never starts (or miss
 * some it does).
 */
describe('the registry of epics (issue 26: one registry)', () => {
  it("every module a route can load is one of makeStore's, and every one of makeStore's can be loaded", async () => {
    const loaders = new Set<EpicModuleLoader>([
      ...registry.studioModules,
      ...registry.conversationModules,
      ...Object.entries(registry)
        .filter(([name, value]) => /^load\w+Module$/.test(name) && typeof value === 'function')
        .map(([, value]) => value as EpicModuleLoader),
    ]);
    const loaded = await Promise.all([...loaders].map((load) => load()));
    const keys = (modules: readonly { readonly key: string }[]) =>
      [...new Set(modules.map((m) => m.key))].sort();
    expect(keys(loaded)).toEqual(keys(areaModules));
    // The same objects, not look-alikes: a test store runs exactly what the web client loads.
    for (const module of loaded) expect(areaModules).toContain(module);
  });
});
