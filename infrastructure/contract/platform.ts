/**
 * Platform calls (spec §3, §5, §7): the sensitive-word check, the download-url resolver and its
 * signed file URLs, video editor projects, push token registration, the service worker's
 * messages and the per-route translation files.
 *
 * Every path and most shapes here are "not shown" in the spec; we chose, in the style of the
 * shown ones (POST under /api/v1/..., snake_case fields):
 *   POST /api/v1/moderation/sensitive/check  items[{texts[{text,category}]}], ss
 *                                            → has_sensitive_word, sensitive_categories
 *   POST /api/v1/download/url                url, scene → url (signed, expiring), expires_at
 *   GET  /download/{blob key}?exp=&name=&sig= the file; Range requests answer 206
 *   POST /api/v1/editor/project/create       cover, workspace_name → the project
 *   POST /api/v1/editor/project/detail       id → the project
 *   POST /api/v1/editor/project/save         canvas, editor_info{audios,storyboards}, workspace_id, id
 *   POST /api/v1/editor/project/list         → the caller's projects (summaries), newest first
 *   POST /api/v1/editor/project/rename       id, title (trimmed, 1..60) → the summary
 *   POST /api/v1/editor/project/duplicate    id → the new project (same title, canvas, clips, audio)
 *   POST /api/v1/editor/project/delete       id → deleted
 *   POST /api/v1/push/config                 → vapid_public_key (the applicationServerKey)
 *   POST /api/v1/push/token                  token
 *   GET  /sw.js                              the service worker, at the site root (spec §2)
 */
import * as t from 'io-ts';

export const SENSITIVE_CHECK_PATH = '/api/v1/moderation/sensitive/check';
export const DOWNLOAD_URL_PATH = '/api/v1/download/url';
export const DOWNLOAD_FILE_PREFIX = '/download/';
export const EDITOR_PROJECT_CREATE_PATH = '/api/v1/editor/project/create';
export const EDITOR_PROJECT_DETAIL_PATH = '/api/v1/editor/project/detail';
export const EDITOR_PROJECT_SAVE_PATH = '/api/v1/editor/project/save';
export const EDITOR_PROJECT_LIST_PATH = '/api/v1/editor/project/list';
export const EDITOR_PROJECT_RENAME_PATH = '/api/v1/editor/project/rename';
export const EDITOR_PROJECT_DUPLICATE_PATH = '/api/v1/editor/project/duplicate';
export const EDITOR_PROJECT_DELETE_PATH = '/api/v1/editor/project/delete';
export const PUSH_CONFIG_PATH = '/api/v1/push/config';
export const PUSH_TOKEN_PATH = '/api/v1/push/token';
export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * The companion of the HttpOnly session cookie T: same lifetime, readable by scripts, value '1'.
 * The client cannot see T itself, so this is how it knows whether a session cookie is present.
 */
export const SESSION_PRESENT_COOKIE = 'T_present';

// ---- bounded values -----------------------------------------------------------------------

/** A string of `min`..`max` UTF-16 units; the type stays `string` so callers need no brand. */
export const boundedString = (min: number, max: number, name: string): t.Type<string, string, unknown> =>
  new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && u.length >= min && u.length <= max,
    (u, c) => (typeof u === 'string' && u.length >= min && u.length <= max ? t.success(u) : t.failure(u, c)),
    t.identity,
  );

/** An array of at most `max` items. */
export const boundedArray = <C extends t.Mixed>(item: C, max: number, name: string) => {
  const base = t.readonlyArray(item);
  return new t.Type<ReadonlyArray<t.TypeOf<C>>, ReadonlyArray<t.OutputOf<C>>, unknown>(
    name,
    (u): u is ReadonlyArray<t.TypeOf<C>> => base.is(u) && u.length <= max,
    (u, c) =>
      Array.isArray(u) && u.length > max ? t.failure(u, c, `more than ${max} items`) : base.validate(u, c),
    base.encode,
  );
};

/** A finite number (JSON has no NaN or Infinity; a bound check against NaN would pass anything). */
export const FiniteNumber = new t.Type<number, number, unknown>(
  'FiniteNumber',
  (u): u is number => typeof u === 'number' && Number.isFinite(u),
  (u, c) => (typeof u === 'number' && Number.isFinite(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
);

// ---- sensitive words (spec §5, §7) -----------------------------------------------------------

export const SENSITIVE_MAX_ITEMS = 20;
export const SENSITIVE_MAX_TEXTS = 50;
export const SENSITIVE_MAX_TEXT_LENGTH = 20_000;

export const SensitiveText = t.type(
  {
    text: boundedString(0, SENSITIVE_MAX_TEXT_LENGTH, 'SensitiveTextBody'),
    /** The name of the field the text comes from (spec §5). */
    category: boundedString(1, 64, 'SensitiveCategory'),
  },
  'SensitiveText',
);
export type SensitiveText = t.TypeOf<typeof SensitiveText>;

export const SensitiveCheckRequest = t.type(
  {
    items: boundedArray(
      t.type({ texts: boundedArray(SensitiveText, SENSITIVE_MAX_TEXTS, 'SensitiveTexts') }),
      SENSITIVE_MAX_ITEMS,
      'SensitiveItems',
    ),
    /** The scene (spec §7 `ss`): where the texts will be published. */
    ss: boundedString(1, 64, 'SensitiveScene'),
  },
  'SensitiveCheckRequest',
);
export type SensitiveCheckRequest = t.TypeOf<typeof SensitiveCheckRequest>;

export const SensitiveCheckResponse = t.type(
  {
    has_sensitive_word: t.boolean,
    /** The categories (field names) of the texts that hold a sensitive word, each once. */
    sensitive_categories: t.array(t.string),
  },
  'SensitiveCheckResponse',
);
export type SensitiveCheckResponse = t.TypeOf<typeof SensitiveCheckResponse>;

// ---- downloads (spec §7 download url resolver, §9 download chunks) ----------------------------

export const DownloadUrlRequest = t.type(
  {
    /** A file of ours: `/blobs/{key}`, relative or absolute. */
    url: boundedString(1, 2048, 'DownloadSourceUrl'),
    /** Where the download was asked from (a card, a detail page, ...). */
    scene: boundedString(1, 64, 'DownloadScene'),
  },
  'DownloadUrlRequest',
);
export type DownloadUrlRequest = t.TypeOf<typeof DownloadUrlRequest>;

export const DownloadUrlResponse = t.type(
  {
    /** A signed URL under /download/, or a pre-signed GET of the S3-compatible store; good until `expires_at` (epoch ms). */
    url: t.string,
    expires_at: t.number,
  },
  'DownloadUrlResponse',
);
export type DownloadUrlResponse = t.TypeOf<typeof DownloadUrlResponse>;

/** Query parameters of a signed download URL. */
export const DOWNLOAD_QUERY = { expires: 'exp', name: 'name', signature: 'sig' } as const;

// ---- video editor (spec §3, §4, §7) ----------------------------------------------------------

export type JsonValue =
  null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * An object key a free-form JSON value may keep. A `__proto__` key is dropped when decoding: io-ts
 * rebuilds records by assignment, where that key would set the new object's prototype instead of
 * a field (the value lost, an object value made the prototype).
 */
export const JsonKey = t.refinement(t.string, (k) => k !== '__proto__', 'JsonKey');

export const JsonValue: t.Type<JsonValue, JsonValue, unknown> = t.recursion('JsonValue', () =>
  t.union([
    t.null,
    t.boolean,
    FiniteNumber,
    t.string,
    t.readonlyArray(JsonValue),
    t.record(JsonKey, JsonValue),
  ]),
);

export const ClipInfo = t.record(JsonKey, JsonValue, 'ClipInfo');
export type ClipInfo = t.TypeOf<typeof ClipInfo>;

/** Spec §4 aspect ratio options. */
export const AspectRatio = t.keyof(
  { '21:9': null, '16:9': null, '4:3': null, '1:1': null, '3:4': null, '9:16': null },
  'AspectRatio',
);
export type AspectRatio = t.TypeOf<typeof AspectRatio>;

const Id = boundedString(1, 64, 'ClipId');
const Url = boundedString(0, 2048, 'ClipUrl');

/** Spec §3 audio item (with the spec's spelling `duraction`). */
export const EditorAudioItem = t.type(
  {
    clip_info: ClipInfo,
    duraction: FiniteNumber,
    material_id: boundedString(0, 64, 'MaterialId'),
    offset: FiniteNumber,
    url: Url,
    title: boundedString(0, 200, 'AudioTitle'),
    isMute: t.boolean,
    id: Id,
  },
  'EditorAudioItem',
);
export type EditorAudioItem = t.TypeOf<typeof EditorAudioItem>;

/** Spec §3 storyboard item types: 8 video, 2 image. */
export const StoryboardType = t.union([t.literal(8), t.literal(2)], 'StoryboardType');

/** Spec §3 storyboard item. */
export const EditorStoryboardItem = t.type(
  {
    clip_info: ClipInfo,
    duraction: FiniteNumber,
    material_id: boundedString(0, 64, 'MaterialId'),
    url: Url,
    type: StoryboardType,
    index: FiniteNumber,
    start: FiniteNumber,
    end: FiniteNumber,
    id: Id,
    offset: FiniteNumber,
  },
  'EditorStoryboardItem',
);
export type EditorStoryboardItem = t.TypeOf<typeof EditorStoryboardItem>;

export const EDITOR_MAX_ITEMS = 500;

export const EditorInfo = t.type(
  {
    audios: boundedArray(EditorAudioItem, EDITOR_MAX_ITEMS, 'EditorAudios'),
    storyboards: boundedArray(EditorStoryboardItem, EDITOR_MAX_ITEMS, 'EditorStoryboards'),
  },
  'EditorInfo',
);
export type EditorInfo = t.TypeOf<typeof EditorInfo>;

export const EditorCanvas = t.type({ aspect_ratio: AspectRatio }, 'EditorCanvas');
export type EditorCanvas = t.TypeOf<typeof EditorCanvas>;

/** Spec §7 "create project (cover, workspace_name)". An empty name means an unnamed project. */
export const EditorProjectCreateRequest = t.type(
  { cover: boundedString(0, 2048, 'EditorCover'), workspace_name: boundedString(0, 100, 'WorkspaceName') },
  'EditorProjectCreateRequest',
);
export type EditorProjectCreateRequest = t.TypeOf<typeof EditorProjectCreateRequest>;

export const EditorProjectDetailRequest = t.type({ id: Id }, 'EditorProjectDetailRequest');
export type EditorProjectDetailRequest = t.TypeOf<typeof EditorProjectDetailRequest>;

/** Spec §7 "save editor data (canvas, editor_info.audios and storyboards, workspace_id, id)". */
export const EditorSaveRequest = t.type(
  { canvas: EditorCanvas, editor_info: EditorInfo, workspace_id: Id, id: Id },
  'EditorSaveRequest',
);
export type EditorSaveRequest = t.TypeOf<typeof EditorSaveRequest>;

/** A project as the server keeps it; `version` counts the saves, times are epoch ms. */
export const EditorProject = t.type(
  {
    id: t.string,
    workspace_id: t.string,
    workspace_name: t.string,
    cover: t.string,
    canvas: EditorCanvas,
    editor_info: EditorInfo,
    version: t.number,
    created_at: t.number,
    updated_at: t.number,
  },
  'EditorProject',
);
export type EditorProject = t.TypeOf<typeof EditorProject>;

export const EditorProjectResponse = t.type({ project: EditorProject }, 'EditorProjectResponse');
export type EditorProjectResponse = t.TypeOf<typeof EditorProjectResponse>;

export const EditorSaveResponse = t.type(
  { id: t.string, version: t.number, updated_at: t.number },
  'EditorSaveResponse',
);
export type EditorSaveResponse = t.TypeOf<typeof EditorSaveResponse>;

/** A line of "My projects": what the list shows, not the clips. `title` is '' when unnamed. */
export const EditorProjectSummary = t.type(
  { id: t.string, title: t.string, cover: t.string, aspect_ratio: t.string, updated_at: t.number },
  'EditorProjectSummary',
);
export type EditorProjectSummary = t.TypeOf<typeof EditorProjectSummary>;

/** The most projects one list answer carries (newest first). */
export const EDITOR_PROJECT_LIST_LIMIT = 200;

export const EditorProjectListRequest = t.type({}, 'EditorProjectListRequest');
export type EditorProjectListRequest = t.TypeOf<typeof EditorProjectListRequest>;

export const EditorProjectListResponse = t.type(
  { projects: t.readonlyArray(EditorProjectSummary) },
  'EditorProjectListResponse',
);
export type EditorProjectListResponse = t.TypeOf<typeof EditorProjectListResponse>;

/**
 * A new title. The codec bounds the raw text; the server trims it and answers 10400 with the
 * reason 'title must be 1..60 characters' when the trimmed title is empty or too long.
 */
export const EditorProjectRenameRequest = t.type(
  { id: Id, title: boundedString(0, 200, 'EditorTitle') },
  'EditorProjectRenameRequest',
);
export type EditorProjectRenameRequest = t.TypeOf<typeof EditorProjectRenameRequest>;

export const EditorProjectSummaryResponse = t.type(
  { project: EditorProjectSummary },
  'EditorProjectSummaryResponse',
);
export type EditorProjectSummaryResponse = t.TypeOf<typeof EditorProjectSummaryResponse>;

export const EditorProjectIdRequest = t.type({ id: Id }, 'EditorProjectIdRequest');
export type EditorProjectIdRequest = t.TypeOf<typeof EditorProjectIdRequest>;

export const EditorProjectDeleteResponse = t.type(
  { deleted: t.literal(true) },
  'EditorProjectDeleteResponse',
);
export type EditorProjectDeleteResponse = t.TypeOf<typeof EditorProjectDeleteResponse>;

// ---- push (spec §6, §7, §9) -------------------------------------------------------------------

/** The server's VAPID public key (uncompressed P-256 point, base64url), for `pushManager.subscribe`. */
export const PushConfigResponse = t.type({ vapid_public_key: t.string }, 'PushConfigResponse');
export type PushConfigResponse = t.TypeOf<typeof PushConfigResponse>;

/** Spec §7 "push token registration (token)": the browser's push subscription, serialised. */
export const PushTokenRequest = t.type({ token: boundedString(1, 4096, 'PushToken') }, 'PushTokenRequest');
export type PushTokenRequest = t.TypeOf<typeof PushTokenRequest>;

export const PushTokenResponse = t.type({ registered: t.boolean }, 'PushTokenResponse');
export type PushTokenResponse = t.TypeOf<typeof PushTokenResponse>;

/** What the service worker posts to its pages: the push payload it received. */
export const PUSH_MESSAGE_SOURCE = 'atelier-push';

/** Spec §9: an award_task message shows a notice that opens its link on click. */
export const AwardTaskPush = t.intersection(
  [t.type({ type: t.literal('award_task'), title: t.string, link: t.string }), t.partial({ body: t.string })],
  'AwardTaskPush',
);
export type AwardTaskPush = t.TypeOf<typeof AwardTaskPush>;

export const PushEnvelope = t.type(
  { source: t.literal(PUSH_MESSAGE_SOURCE), payload: t.unknown },
  'PushEnvelope',
);
export type PushEnvelope = t.TypeOf<typeof PushEnvelope>;
