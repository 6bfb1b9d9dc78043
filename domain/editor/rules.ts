/**
 * Video editor rules (spec §3, §4, §8, §9): the project and its clip types in the spec's
 * field names (including its spelling `duraction`), aspect ratios, the default title, which
 * changes ask for the debounced save, where a project id comes from, and the save failure.
 */

/** Plain JSON, for the parts of a clip the spec does not describe (`clip_info`). */
export type JsonValue =
  null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };
export type ClipInfo = { readonly [key: string]: JsonValue };

/** Spec §3 audio item. */
export interface AudioItem {
  readonly clip_info: ClipInfo;
  readonly duraction: number;
  readonly material_id: string;
  readonly offset: number;
  readonly url: string;
  readonly title: string;
  readonly isMute: boolean;
  readonly id: string;
}

/** Spec §3 storyboard item types: 8 video, 2 image. */
export const STORYBOARD_TYPE = { video: 8, image: 2 } as const;
export type StoryboardType = (typeof STORYBOARD_TYPE)[keyof typeof STORYBOARD_TYPE];

/** Spec §3 storyboard item. */
export interface StoryboardItem {
  readonly clip_info: ClipInfo;
  readonly duraction: number;
  readonly material_id: string;
  readonly url: string;
  readonly type: StoryboardType;
  readonly index: number;
  readonly start: number;
  readonly end: number;
  readonly id: string;
  readonly offset: number;
}

/** Spec §4 aspect ratio options; 16:9 is the default. */
export const ASPECT_RATIOS = ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export const DEFAULT_ASPECT_RATIO: AspectRatio = '16:9';

export const isAspectRatio = (s: string): s is AspectRatio =>
  (ASPECT_RATIOS as readonly string[]).includes(s);

export const aspectRatioOrDefault = (s: string | null | undefined): AspectRatio =>
  s !== null && s !== undefined && isAspectRatio(s) ? s : DEFAULT_ASPECT_RATIO;

/** Spec §3 video editor project. An empty title shows DEFAULT_PROJECT_TITLE_KEY. */
export interface EditorProject {
  readonly workspace_id: string;
  readonly canvas: { readonly aspect_ratio: AspectRatio };
  readonly id: string;
  readonly title: string;
}

/** Spec §4: the default title is a placeholder for 'unnamed project' (a message key, not text). */
export const DEFAULT_PROJECT_TITLE_KEY = 'editor.unnamedProject';

/** A library item (a work, an upload) with no title is named by this placeholder (a message key). */
export const UNTITLED_ITEM_KEY = 'editor.untitledItem';

/**
 * What the library's "Add … to the storyboard" names an item by: its title, or for an item with
 * no title (empty or blank) the translated placeholder, never empty quotes.
 */
export const libraryItemName = (
  title: string | null | undefined,
): { readonly kind: 'text'; readonly text: string } | { readonly kind: 'key'; readonly key: string } => {
  const t = (title ?? '').trim();
  return t === '' ? { kind: 'key', key: UNTITLED_ITEM_KEY } : { kind: 'text', text: t };
};

/** Spec §9 "Save debounce 1 s": the save runs this long after the last change. */
export const EDITOR_SAVE_DEBOUNCE_MS = 1000;

/** Spec §8: 10404 on saving a video project shows 'saveFailed'. */
export const EDITOR_SAVE_NOT_FOUND_CODE = 10404;
export const EDITOR_SAVE_FAILED_KEY = 'editor.saveFailed';

/** The message a failed save shows from the editor itself; other codes go through the error map. */
export const saveFailureMessageKey = (code: number): string | null =>
  code === EDITOR_SAVE_NOT_FOUND_CODE ? EDITOR_SAVE_FAILED_KEY : null;

/** Route query values as a router hands them over. */
export type RouteQuery = Readonly<Record<string, string | readonly string[] | null | undefined>>;

export type ProjectIdResolution =
  | { readonly source: 'query'; readonly projectId: string }
  /** `query` is the route query with project_id set, to replace the current one in place. */
  | { readonly source: 'store'; readonly projectId: string; readonly query: RouteQuery }
  /** Create a project, then replace the query in place with `queryWithProjectId`. */
  | { readonly source: 'new' };

const firstValue = (v: string | readonly string[] | null | undefined): string | null => {
  const raw =
    typeof v === 'string'
      ? v
      : v === null || v === undefined
        ? null
        : (v.find((x) => x.trim() !== '') ?? null);
  const trimmed = raw?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** The route query with project_id set, every other key kept. */
export const queryWithProjectId = (query: RouteQuery, projectId: string): RouteQuery => ({
  ...query,
  project_id: projectId,
});

/**
 * Spec §4: the project id comes from the project_id query, else the store, else a new project
 * (the query is then updated in place). A project found in the store is written into the
 * query too, so a reload or a shared link opens the same project (our reading).
 */
export const resolveProjectId = (query: RouteQuery, storeId: string | null): ProjectIdResolution => {
  const fromQuery = firstValue(query['project_id']);
  if (fromQuery !== null) return { source: 'query', projectId: fromQuery };
  const fromStore = firstValue(storeId);
  if (fromStore !== null)
    return { source: 'store', projectId: fromStore, query: queryWithProjectId(query, fromStore) };
  return { source: 'new' };
};

/** Spec §7 "save editor data": the body of one save. */
export interface EditorSaveBody {
  readonly canvas: { readonly aspect_ratio: AspectRatio };
  readonly editor_info: {
    readonly audios: readonly AudioItem[];
    readonly storyboards: readonly StoryboardItem[];
  };
  readonly workspace_id: string;
  readonly id: string;
}

/** A project's name in "My projects": trimmed, 1..60 characters (the server checks the same). */
export const PROJECT_TITLE_MAX_LENGTH = 60;

/** The title to keep for `raw`, or null when it is empty or too long once trimmed. */
export const validProjectTitle = (raw: string): string | null => {
  const title = raw.trim();
  return title.length >= 1 && title.length <= PROJECT_TITLE_MAX_LENGTH ? title : null;
};
