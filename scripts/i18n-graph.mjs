/**
 * Which message ids each translation file holds: the ids a part of the client can show, found by
 * walking its imports from `src/main.tsx` (static imports, and the dynamic ones outside `src/routes/`
 * such as the shell's overlays loaded after the first paint: the file `common`) and from each
 * route module `src/routes/<route>.ts` (static and dynamic imports: the file `<route>`, less what
 * `common` has). An id counts when a module has it as a whole string literal, or has a literal
 * prefix of it that code completes (`'HttpErrorCode_' + code`, `` `task.status.${s}` ``). Finding too
 * many is harmless; tests check no key ever reaches the screen.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const IMPORT =
  /(?:import|export)\s[^;]*?from\s*['"]([^'"]+)['"]|import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const PREFIX = /[`'"]([A-Za-z][\w-]*(?:\.[\w-]+)*[._])(?:['"]|\$\{)/g;

const resolve = (from, spec) => {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')];
  for (const c of [
    ...candidates,
    base + '.ts',
    base + '.tsx',
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (/\.(ts|tsx)$/.test(c) && existsSync(c) && statSync(c).isFile()) return c;
  return null;
};

const cache = new Map();
const parse = (file) => {
  const known = cache.get(file);
  if (known) return known;
  const source = readFileSync(file, 'utf8');
  const statics = [];
  const dynamics = [];
  for (const m of source.matchAll(IMPORT)) {
    if (/^\s*import\s+type\b|^\s*export\s+type\b/.test(m[0])) continue;
    const target = resolve(file, m[1] ?? m[2] ?? m[3]);
    if (target) (m[3] ? dynamics : statics).push(target);
  }
  const parsed = { source, statics, dynamics };
  cache.set(file, parsed);
  return parsed;
};

/**
 * The files `entry` reaches: by static imports, and by dynamic ones where `dynamic(file)` says so.
 * For `common` that is every dynamic import but a route module's (its page has a file of its own):
 * what the shell loads after the first paint (toasts, dialogs, popups, a menu's parts) shows on any page.
 */
const reach = (entry, dynamic) => {
  const seen = new Set();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const { statics, dynamics } = parse(file);
    todo.push(...statics, ...(dynamic(file) ? dynamics : []));
  }
  return seen;
};

/** The ids one module has (as a whole literal, or a literal prefix code completes). */
const idsOf = (file, ids) => {
  const { source } = parse(file);
  const found = [];
  for (const id of ids)
    if (source.includes(`'${id}'`) || source.includes(`"${id}"`) || source.includes(`\`${id}\``))
      found.push(id);
  for (const m of source.matchAll(PREFIX)) for (const id of ids) if (id.startsWith(m[1])) found.push(id);
  return found;
};

/**
 * The ids `files` have, each module's read once per `translationFiles` call (`memo`): the 28 route
 * modules reach mostly the same few hundred files, and reading each again per route was 11 s.
 */
const idsIn = (files, ids, memo) => {
  const found = new Set();
  for (const file of files) {
    let own = memo.get(file);
    if (own === undefined) memo.set(file, (own = idsOf(file, ids)));
    for (const id of own) found.add(id);
  }
  return found;
};

/** Map of translation file name → sorted ids: `common`, then one per route module. */
export const translationFiles = (root, ids) => {
  const routes = path.join(root, 'src/routes');
  const memo = new Map();
  const common = idsIn(
    reach(path.join(root, 'src/main.tsx'), (file) => path.dirname(file) !== routes),
    ids,
    memo,
  );
  const files = new Map([['common', [...common].sort()]]);
  for (const name of readdirSync(routes).sort()) {
    if (!name.endsWith('.ts') || name === 'index.ts' || name === 'types.ts') continue;
    const own = idsIn(
      reach(path.join(routes, name), () => true),
      ids,
      memo,
    );
    files.set(path.basename(name, '.ts'), [...own].filter((id) => !common.has(id)).sort());
  }
  return files;
};
