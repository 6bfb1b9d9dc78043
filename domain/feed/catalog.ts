/**
 * The square's catalogue as data (spec §2, §3, §7, §9): tabs and their list routes, page keys,
 * explore and search paths, the two type-id sets, card types, model types and base models.
 * Nothing here imports another context, so any context may name these types.
 */

/** Spec §2 "Feed tabs (square)"; anime and Creator Academy are named pages without a list route. */
export const FEED_TABS = [
  'recommend',
  'model',
  'post',
  'character',
  'video',
  'audio',
  'designTemplate',
  'app',
  'loraTrain',
  'workflow',
  'ebook',
  'anime',
  'creatorAcademy',
] as const;
export type FeedTab = (typeof FEED_TABS)[number];

/** The tabs that page through a list under /api/v1/square/v3 (spec §7 "Feed lists"). */
export const LIST_TABS = [
  'recommend',
  'model',
  'post',
  'character',
  'video',
  'audio',
  'designTemplate',
  'app',
  'loraTrain',
  'workflow',
  'ebook',
] as const satisfies readonly FeedTab[];
export type ListTab = (typeof LIST_TABS)[number];

export const isListTab = (tab: FeedTab): tab is ListTab => (LIST_TABS as readonly FeedTab[]).includes(tab);

/** A tab named in an address, or null when no list tab has that name. */
export const listTabOf = (name: string | undefined): ListTab | null =>
  (LIST_TABS as readonly string[]).includes(name ?? '') ? (name as ListTab) : null;

export const SQUARE_FEED_BASE = '/api/v1/square/v3';

/** Spec §2 page keys; homePage and tavernChatsHome are pages, not square tabs. */
export const PAGE_KEYS = [
  'recommendPage',
  'swiftAppPage',
  'cyberBarPage',
  'postPage',
  'videoPage',
  'audioPage',
  'modelPage',
  'loraTrainPage',
  'workflowPage',
  'designTemplatePage',
  'novel',
  'animePage',
  'CreatorAcademyPage',
  'homePage',
  'tavernChatsHome',
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/** Spec §2 create entries: post opens create-and-post, character opens a new digital person. */
export type CreateEntry = 'createAndPost' | 'newDigitalPerson';

export interface TabDescriptor {
  readonly tab: FeedTab;
  /** The name the spec gives the tab in brackets (route or internal name), when it gives one. */
  readonly alias: string | null;
  readonly pageKey: PageKey;
  /** Path under SQUARE_FEED_BASE; null for tabs whose list the spec does not name. */
  readonly route: string | null;
  /** Spec §2 explore section tag path. */
  readonly explorePath: string | null;
  readonly createEntry: CreateEntry | null;
  /**
   * Spec §2 "only post is flagged true in the second map". The spec does not say what the
   * flag means, so it is carried as is for the view to interpret.
   */
  readonly createEntryFlag: boolean;
}

const tab = (
  t: FeedTab,
  alias: string | null,
  pageKey: PageKey,
  route: string | null,
  explorePath: string | null,
  createEntry: CreateEntry | null = null,
  createEntryFlag = false,
): TabDescriptor => ({ tab: t, alias, pageKey, route, explorePath, createEntry, createEntryFlag });

export const TABS: { readonly [T in FeedTab]: TabDescriptor } = {
  recommend: tab('recommend', 'root', 'recommendPage', '/recommend', null),
  model: tab('model', null, 'modelPage', '/model/list', '/model'),
  post: tab('post', null, 'postPage', '/post/list', '/post', 'createAndPost', true),
  character: tab('character', 'cyberPub', 'cyberBarPage', '/character/list', '/cyberpub', 'newDigitalPerson'),
  video: tab('video', null, 'videoPage', '/artwork/list', '/ai-video'),
  audio: tab('audio', 'timbre', 'audioPage', '/timbre/list', '/ai-audio'),
  designTemplate: tab('designTemplate', null, 'designTemplatePage', '/design_template/list', '/designtmp'),
  app: tab('app', 'swift_app', 'swiftAppPage', '/app/list', '/swiftapp'),
  loraTrain: tab('loraTrain', null, 'loraTrainPage', '/lora/template', '/lora'),
  workflow: tab('workflow', 'workflowPage', 'workflowPage', '/comfy_ui', '/workflow'),
  ebook: tab('ebook', 'novel', 'novel', '/ebook/list', '/ai-novel'),
  anime: tab('anime', null, 'animePage', null, null),
  creatorAcademy: tab('creatorAcademy', null, 'CreatorAcademyPage', null, null),
};

/** The page a create entry opens (spec §2): post opens the post editor. A new digital person has no page yet. */
export const CREATE_ENTRY_PATHS: { readonly [E in CreateEntry]: string | null } = {
  createAndPost: '/posts/new',
  newDigitalPerson: null,
};

/** The create entry a tab offers and the path it opens, or null when it offers none that can be opened. */
export const createEntryOf = (t: FeedTab): { readonly entry: CreateEntry; readonly path: string } | null => {
  const entry = TABS[t].createEntry;
  const path = entry === null ? null : CREATE_ENTRY_PATHS[entry];
  return entry === null || path === null ? null : { entry, path };
};

/** Spec §7: the video tab lists artworks of artwork type 7. */
export const VIDEO_ARTWORK_TYPES: readonly number[] = [7];

/** Spec §2 "Search tabs (value)". Tags and users have their own paths. */
export const SEARCH_TABS = [
  { key: 'works', value: 1, path: null },
  { key: 'models', value: 2, path: null },
  { key: 'posts', value: 4, path: null },
  { key: 'tags', value: 6, path: '/tag' },
  { key: 'users', value: 8, path: '/user' },
  { key: 'characters', value: 9, path: null },
  { key: 'workflow', value: 13, path: null },
  { key: 'apps', value: 14, path: null },
  { key: 'video', value: 15, path: null },
  { key: 'audio', value: 16, path: null },
] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];
export type SearchTabKey = SearchTab['key'];
export type SearchTabValue = SearchTab['value'];

export const searchTabByValue = (value: number): SearchTab | undefined =>
  SEARCH_TABS.find((t) => t.value === value);

/** Spec §3 entity type ids, set A: what a log event or a report names. */
export const ENTITY_TYPE = {
  artwork: 1,
  model: 2,
  accountFollow: 3,
  portfolio: 4,
  lookbook: 5,
  tag: 6,
  post: 7,
  account: 8,
  character: 9,
  characterTag: 10,
  paletteTemplate: 11,
  material: 12,
  comfyUI: 13,
  comfyUIApp: 14,
  aiVideo: 15,
  aiAudio: 16,
  timbreVoiceLog: 17,
  accountCharacterChat: 18,
  seeuTemplate: 19,
} as const;
export type EntityTypeName = keyof typeof ENTITY_TYPE;
export type EntityTypeId = (typeof ENTITY_TYPE)[EntityTypeName];

/**
 * Spec §3 content obj_type, set B: what a content item carries. It differs from set A
 * (4 is a post here and a portfolio there; 13 is a swift app here and comfyUI there), so the
 * two are kept apart and never converted by number.
 */
export const CONTENT_OBJ_TYPE = {
  artwork: 1,
  model: 2,
  account: 3,
  post: 4,
  lookbook: 5,
  character: 9,
  palette: 11,
  swiftApp: 13,
  aiVideo: 15,
  aiAudio: 16,
  aiNovel: 21,
} as const;
export type ContentObjTypeName = keyof typeof CONTENT_OBJ_TYPE;
export type ContentObjType = (typeof CONTENT_OBJ_TYPE)[ContentObjTypeName];

const entityIds: ReadonlySet<number> = new Set(Object.values(ENTITY_TYPE));
const objTypes: ReadonlySet<number> = new Set(Object.values(CONTENT_OBJ_TYPE));

export const isEntityTypeId = (n: number): n is EntityTypeId => entityIds.has(n);
export const isContentObjType = (n: number): n is ContentObjType => objTypes.has(n);

/** Spec §2 card types. */
export const CARD_TYPES = [
  'artwork',
  'portfolio',
  'aiapp',
  'workflow',
  'comfyUIApp',
  'character',
  'post',
  'aiVideo',
  'lookBook',
  'model',
  'lora_train',
  'aiAudio',
  'paletteTemplate',
  // E-books (the e-book tab) are cards too, though spec §2's list of types leaves them out.
  'ebook',
] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** Spec §3 model types. */
export const MODEL_TYPES = [
  'Checkpoint',
  'LORA',
  'TextualInversion',
  'AestheticGradient',
  'DoRA',
  'Upscaler',
  'Motion',
  'VAE',
  'Wildcards',
  'Hypernetwork',
  'Controlnet',
  'Poses',
  'LoCon',
  'Other',
] as const;
export type ModelType = (typeof MODEL_TYPES)[number];

/**
 * Spec §3 base model families. "Several product video models" are not named by the spec, so
 * the base_models filter accepts any string and this list is what the view offers first.
 */
export const BASE_MODEL_FAMILIES = [
  'SD 1.x',
  'SD 2.x',
  'SD 3',
  'SD 3.5',
  'SDXL',
  'Pony',
  'Illustrious',
  'NoobAI',
  'Flux',
  'Hunyuan',
  'Wan',
] as const;
export type BaseModelFamily = (typeof BASE_MODEL_FAMILIES)[number];
