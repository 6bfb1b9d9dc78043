/**
 * Search (spec §2 search tabs and tag pages): the tab an address names, how typed text becomes
 * a query, when tag suggestions are asked for, the addresses of a search, a tag and a result.
 */
import { SEARCH_TABS, type SearchTabKey, type SearchTabValue } from '../feed/catalog.js';
import { detailPathOf, userPath } from '../details/rules.js';
import type { SearchResult } from './events.js';

/** Works (1) when the address names no tab or one the spec does not list. */
export type { SearchTabKey, SearchTabValue } from '../feed/catalog.js';

export const DEFAULT_SEARCH_TAB: SearchTabValue = 1;

export const SEARCH_TAB_VALUES: readonly SearchTabValue[] = SEARCH_TABS.map((t) => t.value);

/** Spec §2 search tabs by value: the tab an address's `tab=` names. */
export const parseSearchTab = (raw: string | null | undefined): SearchTabValue => {
  const text = (raw ?? '').trim();
  if (!/^\d{1,3}$/.test(text)) return DEFAULT_SEARCH_TAB;
  const n = Number(text);
  return SEARCH_TAB_VALUES.find((v) => v === n) ?? DEFAULT_SEARCH_TAB;
};

export const searchTabKey = (value: SearchTabValue): SearchTabKey =>
  SEARCH_TABS.find((t) => t.value === value)?.key ?? 'works';

/** The longest query sent (the contract's Keyword). */
export const QUERY_MAX_LENGTH = 100;

/**
 * Typed text as a query: control characters dropped, whitespace runs become one space, trimmed,
 * at most 100 characters (cut on a code point, never inside a surrogate pair). Empty: no search.
 */
export const normaliseQuery = (raw: string): string => {
  const clean = raw
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const points = [...clean];
  return points.length <= QUERY_MAX_LENGTH ? clean : points.slice(0, QUERY_MAX_LENGTH).join('').trimEnd();
};

/** Tag suggestions start from this many characters (one letter matches too much to help). */
export const SUGGEST_MIN_LENGTH = 2;
/** The longest prefix the suggest call takes (the contract's TagPrefix). */
export const SUGGEST_MAX_LENGTH = 32;
/** Typing pauses this long before suggestions are asked for (ours; the spec names none). */
export const SUGGEST_DEBOUNCE_MS = 300;
/** Suggestions shown at most. */
export const SUGGEST_LIMIT = 8;

/** The prefix to ask suggestions for, or null when the text is too short or too long to suggest. */
export const suggestPrefixOf = (raw: string): string | null => {
  const q = normaliseQuery(raw);
  const n = [...q].length;
  return n >= SUGGEST_MIN_LENGTH && n <= SUGGEST_MAX_LENGTH ? q : null;
};

/** Search results per page. */
export const SEARCH_PAGE_SIZE = 20;

/** The address of a search: `/search?q=<text>&tab=<value>` (the shared contract). */
/** application/x-www-form-urlencoded, as URLSearchParams writes it (the domain has no DOM library). */
const formEncode = (s: string): string =>
  encodeURIComponent(s)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

export const searchHref = (query: string, tab: SearchTabValue = DEFAULT_SEARCH_TAB): string =>
  `/search?q=${formEncode(normaliseQuery(query))}&tab=${String(tab)}`;

/** What a search address says: the normalised text and the tab. */
export const parseSearchAddress = (
  entries: readonly (readonly [string, string])[],
): { readonly query: string; readonly tab: SearchTabValue } => {
  let q = '';
  let tab: string | undefined;
  for (const [k, v] of entries) {
    if (k === 'q') q = v;
    if (k === 'tab') tab = v;
  }
  return { query: normaliseQuery(q), tab: parseSearchTab(tab) };
};

/** The key of one search's result list (tab and text; the text compared without case). */
export const searchKey = (query: string, tab: SearchTabValue): string =>
  `search:${tab}:${normaliseQuery(query).toLowerCase()}`;

/** The key of a tag's works list. */
export const tagWorksKey = (tagId: string): string => `tag:${tagId}`;

/** The address of a tag's page, by its name. */
export const tagPath = (name: string): string => `/tag/${encodeURIComponent(name.trim())}`;

/** The tag an address `/tag/:name` names (router params arrive decoded), or null for none. */
export const tagNameOf = (param: string | undefined): string | null => {
  const name = normaliseQuery(param ?? '');
  return name.length === 0 || [...name].length > SUGGEST_MAX_LENGTH ? null : name;
};

/** The key a tag detail is kept under (names are unique without case). */
export const tagKey = (name: string): string => normaliseQuery(name).toLowerCase();

/** Where a result leads: a work's detail page, a tag's page, a person's profile. */
export const resultPathOf = (result: SearchResult): string => {
  switch (result.kind) {
    case 'work':
      return detailPathOf(result.work.cardType, result.work.id, result.work.trainedModelId);
    case 'tag':
      return tagPath(result.tag.name);
    case 'user':
      return userPath(result.user.id);
  }
};

/** The identity of a result within its list. */
export const resultKey = (result: SearchResult): string => {
  switch (result.kind) {
    case 'work':
      return `work:${result.work.objType}:${result.work.id}`;
    case 'tag':
      return `tag:${result.tag.id}`;
    case 'user':
      return `user:${result.user.id}`;
  }
};

/** The groups of the suggestion list, in the order they are shown. */
export const SUGGEST_GROUPS = ['tag', 'user', 'work'] as const satisfies readonly SearchResult['kind'][];
export type SuggestGroup = (typeof SUGGEST_GROUPS)[number];

/** The keys that move through (or close) an open suggestion list. */
export const SUGGEST_KEYS = ['ArrowDown', 'ArrowUp', 'Home', 'End', 'Escape'] as const;
export type SuggestKey = (typeof SUGGEST_KEYS)[number];

export const isSuggestKey = (key: string): key is SuggestKey =>
  (SUGGEST_KEYS as readonly string[]).includes(key);

/**
 * The WAI-ARIA combobox's keys over `count` options, `active` the option highlighted (null: none,
 * the text has the focus): ArrowDown/ArrowUp move one and wrap (from none, Down takes the first and
 * Up the last), Home/End take the first/last, Escape closes. The result is always an index in
 * 0..count-1 or null; with no options nothing is active.
 */
export const suggestKeyStep = (
  active: number | null,
  count: number,
  key: SuggestKey,
): { readonly active: number | null; readonly open: boolean } => {
  const n = Math.max(0, Math.floor(count));
  if (key === 'Escape') return { active: null, open: false };
  if (n === 0) return { active: null, open: true };
  const at = active !== null && Number.isInteger(active) && active >= 0 && active < n ? active : null;
  switch (key) {
    case 'ArrowDown':
      return { active: at === null ? 0 : (at + 1) % n, open: true };
    case 'ArrowUp':
      return { active: at === null ? n - 1 : (at - 1 + n) % n, open: true };
    case 'Home':
      return { active: 0, open: true };
    case 'End':
      return { active: n - 1, open: true };
  }
};
