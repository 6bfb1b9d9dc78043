/**
 * The square's address (spec §2 sort and time filters, §7 filters, §9 defaults): what a tab's
 * query string says, parsed into the FeedQuery its first page sends, and a FeedQuery written back
 * as the query string, so a filtered view can be shared and reloaded. A value equal to the tab's
 * default is left out of the address; an unknown value falls back to the default.
 *
 * Anime and Creator Academy (spec §2 named pages without a list route) show a list route narrowed
 * once and for all: anime is the recommend list of the works tagged anime (the explore-section tag
 * narrowing the server takes as `tag_id`), Creator Academy the post list's tutorial channel (posts
 * that teach creators). Both keep the sort and time filters of their list, and their fixed narrowing
 * is never written to the address.
 */
import { assertNever } from '../kernel/event.js';
import { FEED_TABS, MODEL_TYPES, TABS, type FeedTab, type ListTab, type ModelType } from './catalog.js';
import {
  buildFeedQuery,
  feedDefaults,
  SORT_OPTIONS,
  TIME_FILTERS,
  type FeedDefaults,
  type FeedParams,
  type FeedQuery,
  type FeedSort,
} from './rules.js';

/** The tag the anime page narrows to (the reference server names tags `tag-<name>`). */
export const ANIME_TAG_ID = 'tag-anime';
/** The post channel Creator Academy shows. */
export const ACADEMY_SUB_CHANNEL = 'tutorial';

/** Post channels the view offers (the filter accepts any short text, spec §7 `sub_channel`). */
export const POST_SUB_CHANNELS = ['tutorial', 'showcase', 'news', 'discussion'] as const;
/** Workflow node types the view offers (spec §7 `nodes_type`; any short text is accepted). */
export const WORKFLOW_NODE_TYPES = ['image', 'video', 'audio', 'upscale'] as const;

/** The longest free-text filter value kept from an address (the contract's ShortText). */
export const FILTER_TEXT_MAX = 80;
/** At most this many base models are kept from an address (the contract's list limit). */
export const BASE_MODELS_MAX = 20;

/** The list a square tab pages through and the narrowing it always sends. */
export interface FeedSource {
  readonly list: ListTab;
  readonly fixed: Partial<Pick<FeedParams, 'tag_id' | 'sub_channel'>>;
}

export const feedSourceOf = (tab: FeedTab): FeedSource => {
  switch (tab) {
    case 'anime':
      return { list: 'recommend', fixed: { tag_id: ANIME_TAG_ID } };
    case 'creatorAcademy':
      return { list: 'post', fixed: { sub_channel: ACADEMY_SUB_CHANNEL } };
    case 'recommend':
    case 'model':
    case 'post':
    case 'character':
    case 'video':
    case 'audio':
    case 'designTemplate':
    case 'app':
    case 'loraTrain':
    case 'workflow':
    case 'ebook':
      return { list: tab, fixed: {} };
    default:
      return assertNever(tab);
  }
};

/** The sorts a tab offers: what pages the recommend list also has its own order (its default). */
export const sortOptionsOf = (tab: FeedTab): readonly FeedSort[] =>
  feedSourceOf(tab).list === 'recommend' ? ['recommend', ...SORT_OPTIONS] : SORT_OPTIONS;

/** The filters a tab shows in its address (spec §7: model, post and workflow tabs only). */
export type FilterKey = 'base' | 'type' | 'channel' | 'nodes' | 'run';
export const filterKeysOf = (tab: FeedTab): readonly FilterKey[] =>
  tab === 'model'
    ? ['base', 'type']
    : tab === 'post'
      ? ['channel']
      : tab === 'workflow'
        ? ['nodes', 'run']
        : [];

/** The defaults of a square tab: its list's (spec §9; anime reads like recommend, the academy like post). */
export const squareDefaults = (tab: FeedTab): FeedDefaults => feedDefaults(feedSourceOf(tab).list);

/** A query string as ordered key/value pairs (what URLSearchParams iterates). */
export type SearchEntries = readonly (readonly [string, string])[];

const text = (v: string): string | null => {
  const s = v.trim();
  return s.length > 0 && s.length <= FILTER_TEXT_MAX ? s : null;
};
const lastOf = (entries: SearchEntries, key: string): string | undefined => {
  let out: string | undefined;
  for (const [k, v] of entries) if (k === key) out = v;
  return out;
};
const allOf = (entries: SearchEntries, key: string): string[] => {
  const out: string[] = [];
  for (const [k, v] of entries) if (k === key && !out.includes(v)) out.push(v);
  return out;
};

/**
 * The first page's query of `tab` as its address says: `sort`, `time`, and the tab's filters
 * (`base` and `type`, repeated, on the model tab; `channel` on the post tab; `nodes` and `run`
 * (1 or 0) on the workflow tab). Anything unknown, malformed or not the tab's is ignored.
 */
export const parseSquareSearch = (tab: FeedTab, entries: SearchEntries): FeedQuery => {
  const source = feedSourceOf(tab);
  const defaults = squareDefaults(tab);
  const sortRaw = lastOf(entries, 'sort');
  const timeRaw = lastOf(entries, 'time');
  const sort = sortOptionsOf(tab).find((s) => s === sortRaw) ?? defaults.sort;
  const time = TIME_FILTERS.find((t) => t === timeRaw) ?? defaults.time;
  const keys = filterKeysOf(tab);
  const filters: Record<string, unknown> = {};
  if (keys.includes('base')) {
    const base = allOf(entries, 'base')
      .map(text)
      .filter((s): s is string => s !== null);
    const unique = [...new Set(base)].slice(0, BASE_MODELS_MAX);
    if (unique.length > 0) filters['base_models'] = unique;
  }
  if (keys.includes('type')) {
    const types = allOf(entries, 'type').filter((s): s is ModelType =>
      (MODEL_TYPES as readonly string[]).includes(s),
    );
    if (types.length > 0) filters['model_types'] = types;
  }
  if (keys.includes('channel')) {
    const channel = text(lastOf(entries, 'channel') ?? '');
    if (channel !== null) filters['sub_channel'] = channel;
  }
  if (keys.includes('nodes')) {
    const nodes = text(lastOf(entries, 'nodes') ?? '');
    if (nodes !== null) filters['nodes_type'] = nodes;
  }
  if (keys.includes('run')) {
    const run = lastOf(entries, 'run');
    if (run === '1' || run === '0') filters['run_available'] = run === '1';
  }
  const query = buildFeedQuery(source.list, { sort, time, filters });
  return { ...query, params: { ...query.params, ...source.fixed } };
};

/** The address of a query: only what differs from the tab's defaults, in a fixed key order. */
export const writeSquareSearch = (tab: FeedTab, query: FeedQuery): SearchEntries => {
  const defaults = squareDefaults(tab);
  const p = query.params;
  const keys = filterKeysOf(tab);
  const out: (readonly [string, string])[] = [];
  if (p.order_by !== defaults.sort) out.push(['sort', p.order_by]);
  if (p.timeType !== defaults.time) out.push(['time', p.timeType]);
  if (keys.includes('base')) for (const b of p.base_models ?? []) out.push(['base', b]);
  if (keys.includes('type')) for (const m of p.model_types ?? []) out.push(['type', m]);
  if (keys.includes('channel') && p.sub_channel !== undefined) out.push(['channel', p.sub_channel]);
  if (keys.includes('nodes') && p.nodes_type !== undefined) out.push(['nodes', p.nodes_type]);
  if (keys.includes('run') && p.run_available !== undefined) out.push(['run', p.run_available ? '1' : '0']);
  return out;
};

/** Spec §2 explore section tag paths (`/model`, `/ai-video` ...), each the address of its tab. */
export const tabOfExplorePath = (path: string): FeedTab | null =>
  FEED_TABS.find((t) => TABS[t].explorePath !== null && TABS[t].explorePath === path) ?? null;

/** The square tab an `/explore/:tab` segment names; no segment is the recommend tab. */
export const squareTabOf = (name: string | undefined): FeedTab | null =>
  name === undefined ? 'recommend' : (FEED_TABS.find((t) => t === name) ?? null);

/** The address of a tab's page (the recommend tab is the square's root). */
export const squareTabPath = (tab: FeedTab): string => (tab === 'recommend' ? '/explore' : `/explore/${tab}`);
