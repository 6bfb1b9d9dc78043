/**
 * A route's own code named in its page's head (issue 22): a page's chunk and its epic modules are
 * dynamic imports the router asks for once the entry has run and the store has started (on a
 * phone's CPU, a few hundred ms after the entry arrived), and the page's first request and first
 * render wait for them. The server knows the route from the address, and the build's manifest
 * (`build.manifest` in vite.config.ts: each source's file, the chunks it imports, its styles) says
 * which files they are, so the page it sends asks for them beside the entry: `modulepreload` for
 * the scripts, `preload` for the styles. Files the page already names (the entry and what
 * index.html preloads) are left out. The first visit's budget (scripts/bundle-size.mjs) counts
 * index.html; these are the route's own files, fetched on that route's first visit anyway.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeMarkup } from '../markup';

/** What the server reads of a manifest entry. */
interface ManifestEntry {
  readonly file: string;
  readonly imports: readonly string[];
  readonly css: readonly string[];
}

export type BuildManifest = ReadonlyMap<string, ManifestEntry>;

const strings = (value: unknown): readonly string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** The manifest's entries that have a file (anything else in it is ignored). */
export const parseManifest = (json: unknown): BuildManifest => {
  const out = new Map<string, ManifestEntry>();
  if (typeof json !== 'object' || json === null) return out;
  for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
    if (typeof value !== 'object' || value === null) continue;
    const entry = value as Record<string, unknown>;
    if (typeof entry['file'] !== 'string') continue;
    out.set(key, { file: entry['file'], imports: strings(entry['imports']), css: strings(entry['css']) });
  }
  return out;
};

/** The built client's manifest (dist/web/.vite/manifest.json), or an empty one without a build. */
export const readManifest = (webRoot: string): BuildManifest => {
  try {
    return parseManifest(JSON.parse(readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8')));
  } catch {
    return new Map();
  }
};

/** A built file's address (the build's base is the site's root). */
const addressOf = (file: string): string => `/${file}`;

/**
 * The head links of `sources` (the manifest's keys: a page's source, its epic modules') and every
 * chunk they import, scripts first in import order, each once; files `page` already names, and
 * sources the manifest does not know, are left out.
 */
export const routeChunkLinks = (
  manifest: BuildManifest,
  sources: readonly string[],
  page: string,
): string => {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const entry = manifest.get(key);
    if (entry === undefined) return;
    scripts.push(addressOf(entry.file));
    styles.push(...entry.css.map(addressOf));
    for (const imported of entry.imports) visit(imported);
  };
  for (const source of sources) visit(source);
  const unnamed = (address: string) => !page.includes(`"${address}"`);
  return [
    ...[...new Set(scripts)]
      .filter(unnamed)
      .map((a) => `<link rel="modulepreload" crossorigin href="${escapeMarkup(a)}">`),
    ...[...new Set(styles)]
      .filter(unnamed)
      .map((a) => `<link rel="preload" as="style" crossorigin href="${escapeMarkup(a)}">`),
  ].join('');
};
