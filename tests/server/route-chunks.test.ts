/**
 * Issue 22, a route's own code named in its page's head (server/routing/routeChunks.ts): the
 * build's manifest read leniently, and the links of a route's sources: every chunk they import,
 * each once, scripts before styles, none the page already names.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseManifest, routeChunkLinks } from '../../server/routing/routeChunks';

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  'features/feed/pages/ExplorePage.tsx': {
    file: 'assets/ExplorePage-1.js',
    imports: ['_react-1.js', 'index.html', '_ui-1.js'],
    css: ['assets/ExplorePage-1.css'],
  },
  '_ui-1.js': { file: 'assets/ui-1.js', imports: ['_react-1.js'], css: ['assets/ui-1.css'] },
  '../infrastructure/feed/module.ts': { file: 'assets/module-1.js', imports: ['_mappers-1.js', '_ui-1.js'] },
  '_mappers-1.js': { file: 'assets/mappers-1.js', imports: ['../infrastructure/feed/module.ts'] },
};
const PAGE =
  '<head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-1.js"></head>';

describe('a route’s chunks in its page’s head (issue 22)', () => {
  it('names the sources’ chunks and what they import, each once, without what the page names', () => {
    const links = routeChunkLinks(
      parseManifest(MANIFEST),
      ['features/feed/pages/ExplorePage.tsx', '../infrastructure/feed/module.ts', 'no/such/source.ts'],
      PAGE,
    );
    expect(links).toBe(
      [
        '<link rel="modulepreload" crossorigin href="/assets/ExplorePage-1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/ui-1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/module-1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/mappers-1.js">',
        '<link rel="preload" as="style" crossorigin href="/assets/ExplorePage-1.css">',
        '<link rel="preload" as="style" crossorigin href="/assets/ui-1.css">',
      ].join(''),
    );
  });

  it('reads a manifest leniently: entries without a file, and anything not a list, are left out', () => {
    const m = parseManifest({
      a: { file: 'assets/a.js', imports: 'b', css: [1, 'assets/a.css'] },
      b: {},
      c: 3,
    });
    expect([...m]).toEqual([['a', { file: 'assets/a.js', imports: [], css: ['assets/a.css'] }]]);
    expect(parseManifest(null).size).toBe(0);
    expect(routeChunkLinks(parseManifest('nonsense'), ['a'], PAGE)).toBe('');
  });

  it('escapes a file name that would end the attribute', () => {
    const m = parseManifest({ a: { file: 'assets/a"><script>.js' } });
    expect(routeChunkLinks(m, ['a'], PAGE)).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/a&quot;&gt;&lt;script&gt;.js">',
    );
  });

  it('property: every file reachable from the sources is named exactly once, unless the page names it', () => {
    const key = fc.constantFrom('k0', 'k1', 'k2', 'k3', 'k4', 'k5');
    const manifestArb = fc.dictionary(
      key,
      fc.record({
        file: fc.constantFrom('assets/f0.js', 'assets/f1.js', 'assets/f2.js', 'assets/f3.js', 'assets/f4.js'),
        imports: fc.array(key, { maxLength: 4 }),
      }),
    );
    fc.assert(
      fc.property(
        manifestArb,
        fc.array(key, { maxLength: 4 }),
        fc.subarray(['/assets/f0.js', '/assets/f1.js']),
        (raw, sources, named) => {
          const manifest = parseManifest(raw);
          const page = named.map((a) => `<link rel="modulepreload" href="${a}">`).join('');
          const links = [...routeChunkLinks(manifest, sources, page).matchAll(/href="([^"]+)"/g)].map(
            (m) => m[1]!,
          );
          const reachable = new Set<string>();
          const seen = new Set<string>();
          const walk = (k: string): void => {
            if (seen.has(k)) return;
            seen.add(k);
            const e = manifest.get(k);
            if (!e) return;
            reachable.add(`/${e.file}`);
            e.imports.forEach(walk);
          };
          sources.forEach(walk);
          expect(new Set(links).size).toBe(links.length);
          expect(new Set(links)).toEqual(new Set([...reachable].filter((a) => !named.includes(a))));
        },
      ),
    );
  });
});
