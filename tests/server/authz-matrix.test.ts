/**
 * Issue 25 figure 9, the authorisation matrix: six roles (a guest, the owner A, another user B, a
 * reviewer, the admin and a member of a company A is not in) against every route of the route
 * table, each filled with A's resources of every kind the server keeps (tasks, uploads, posts and
 * artworks, comments, collection folders, characters, chat sessions and messages, editor projects,
 * LoRA trainings, workflows, orders, notices, problem reports, star-track sessions, decorations).
 *
 * Every attempt of a role other than A is judged three ways, after the fact and whatever the code:
 * - a read: the answer succeeds and holds one of A's secrets (a marker written into every private
 *   text of A, A's e-mail) or names one of A's private ids (unless the route only echoes the id it
 *   was sent, declared per route);
 * - a write: a digest of all of A's rows (every table with an owner column, found in the schema,
 *   plus the rows hanging off them) changed;
 * - a spend: A's coin balance went down, or A's ledger gained a debit.
 * The attempts come from the route table: a route no filler knows fails the test, so a new route
 * is covered by adding its filler. Controls show that the detectors see A's reads, writes and
 * spends when A makes them.
 *
 * The server runs as in production: the development pages (/dev/outbox, /dev/support,
 * /dev/telemetry, /dev/popups) are off, since they list everyone's mail and messages by design.
 * Engines do not run on a timer, so nothing changes A's rows but the requests.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHeader, serializeEventLog } from '../../domain/index.js';
import type { RouteInfo } from '../../server/app';
import { detailPageAddresses } from '../../server/details/preload';
import { squarePageAddresses } from '../../server/feed/preload';
import { firstScreenAddresses } from '../../server/routing/firstScreen';
import { DEMO_COMPANY, DEMO_ACCOUNT } from '../../server/seed';
import { memberAccount, uploadImage } from '../support/imageTasks';
import { routeKey, routeTable } from '../support/routeTable';
import { startTestServer, type Json, type TestServer } from '../support/server';

let s: TestServer;

/** Every private text of A carries this word: it must never reach anyone else. */
const SECRET = 'Sekrit';
const secret = (kind: string) => `${SECRET}${kind}`;

interface Role {
  readonly name: string;
  readonly token: string | null;
  readonly device: string;
  /** A second sign-in, for the routes that end the caller's own session. */
  readonly relogin: (() => Promise<string>) | null;
  /** A collection folder of the role's own (null for a guest): the target of cross-account moves. */
  readonly folder: string | null;
}

/** What A owns, by kind: ids, and the URLs of its private files. */
interface Owned {
  readonly accountId: string;
  readonly email: string;
  readonly task: string;
  readonly queuedTask: string;
  readonly taskOutput: string;
  readonly publishedTask: string;
  readonly artwork: string;
  readonly post: string;
  readonly comment: string;
  readonly upload: { readonly fileId: string; readonly url: string };
  readonly pendingUpload: { readonly fileId: string; readonly chunkUrl: string };
  readonly images: readonly string[];
  readonly folder: string;
  readonly collect: string;
  readonly character: string;
  readonly publicCharacter: string;
  readonly session: string;
  readonly message: string;
  readonly project: { readonly id: string; readonly workspaceId: string };
  readonly training: string;
  readonly model: string;
  readonly workflow: string;
  readonly order: string;
  readonly notices: readonly string[];
  readonly report: string;
  readonly starTrack: string;
  readonly ornament: string;
  /** A tag of the square A collected (tags are public). */
  readonly tag: string;
}

interface Attempt {
  /** Values of the route's `:name` and `*` parameters. */
  readonly params?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  /** The route answers the id it was sent (`{ id, deleted: false }`) without reading anything. */
  readonly echoes?: boolean;
  /** The route ends the caller's session: the role signs in again for it. */
  readonly endsSession?: boolean;
  /** A file of A's the address would open (bytes, not text): any success is a read. */
  readonly opens?: string;
}

type Fill = (a: Owned, role: Role) => readonly Attempt[];

const one =
  (body: unknown = {}): Fill =>
  () => [{ body }];

const GRAPH = (image: string) => ({
  '1': { class_type: 'LoadImage', inputs: { image } },
  '2': { class_type: 'SaveImage', inputs: { images: ['1', 0] } },
});

const envelope = (role: string) => ({
  account_id: '',
  account_name: '',
  mail: '',
  reg_at: 0,
  create_at: 1,
  page_location: '/',
  device_id: `authz-device-${role}`,
  browser_id: 'b',
  device_os: 'web',
  plat: 'web',
  app_id: 'atelier',
  canary: '',
  pageId: 'home',
  productLevel: 0,
});

const editorSave = (id: string, workspaceId: string) => ({
  canvas: { aspect_ratio: '16:9' },
  editor_info: { audios: [], storyboards: [] },
  workspace_id: workspaceId,
  id,
});

const FEEDS = [
  'app/list',
  'artwork/list',
  'character/list',
  'comfy_ui',
  'design_template/list',
  'ebook/list',
  'lora/template',
  'model/list',
  'post/list',
  'recommend',
  'timbre/list',
];

const TAG_EDIT_KINDS = ['ai-video', 'artwork', 'lookbook', 'model', 'portfolio'];

/**
 * How to fill each route with A's resources: the attempts every other role makes. Keyed by the
 * route table's `METHOD url`; a route missing here is reported, never skipped.
 */
const FILLS: Readonly<Record<string, Fill>> = {
  // ---- accounts and people
  'POST /api/v1/account/follow': (a) => [{ body: { follow_account_no: a.accountId } }],
  'POST /api/v1/account/unfollow': (a) => [{ body: { follow_account_no: a.accountId } }],
  'POST /api/v1/account/followers': (a) => [{ body: { account_no: a.accountId } }],
  'POST /api/v1/account/following': (a) => [{ body: { account_no: a.accountId } }],
  'POST /api/v1/account/profile': (a) => [{ body: { account_no: a.accountId } }],
  'POST /api/v1/account/works': (a) => [{ body: { account_no: a.accountId } }],
  'POST /api/v1/account/guide/status': one(),
  'POST /api/v1/account/guide/status/set': one({ guide_status: 1 }),
  'POST /api/v1/account/info': one(),
  'POST /api/v1/account/stats': one(),
  'POST /api/v1/account/login': (a) => [{ body: { email: a.email, password: 'not the password' } }],
  'POST /api/v1/account/logout': () => [{ body: {}, endsSession: true }],
  'POST /api/v1/account/register': (a) => [
    { body: { name: 'Taker', email: a.email, password: 'a long password' } },
  ],
  // A reset mail may be asked for any address (the link goes to its mailbox only): its rows are
  // left out of A's digest (PRIVATE_STATE_EXEMPT); the per-account limit is figure 11's.
  'POST /api/v1/account/password/forgot': (a) => [{ body: { email: a.email } }],
  'POST /api/v1/account/password/reset': () => [
    { body: { token: 'x'.repeat(43), password: 'a long password' } },
  ],
  'POST /api/v1/account/settings': one(),
  'POST /api/v1/account/settings/update': one({ task_flow_version: 'v2' }),
  'POST /api/v1/account/settings/localize/set': one({ lang_code: 'ja' }),
  'POST /api/v1/account/show-sexy': one({ show_sexy: true }),

  // ---- tasks
  'POST /api/v1/task/tool/create': (a) => [
    { body: { domain_type: 0, prompt: 'mine', aspect_ratio: '1:1' } },
    { body: { domain_type: 5, prompt: 'x', input_url: a.upload.url } },
    { body: { domain_type: 5, prompt: 'x', input_url: a.taskOutput } },
    { body: { domain_type: 0, prompt: 'with their model', model_id: a.model } },
    { body: { domain_type: 16, workflow_id: a.workflow } },
  ],
  'POST /api/v1/task/estimate': (a) => [
    { body: { domain_type: 5, prompt: 'x', input_url: a.upload.url } },
    { body: { domain_type: 0, prompt: 'with their model', model_id: a.model } },
  ],
  'POST /api/v1/task/tool/batch-progress': (a) => [{ body: { task_ids: [a.task, a.queuedTask] } }],
  'POST /api/v1/task/detail': (a) => [{ body: { id: a.task } }, { body: { id: a.queuedTask } }],
  'POST /api/v1/task/list': one(),
  'POST /api/v1/task/delete': (a) => [{ body: { ids: [a.task, a.queuedTask] } }],
  'POST /api/v1/task/cancel': (a) => [{ body: { ids: [a.queuedTask] } }],
  'POST /api/v1/task/publish': (a) => [{ body: { id: a.task, title: 'taken' } }],
  'POST /api/v1/task/stash/run-task/get': (a) => [{ body: { id: a.artwork } }],
  'POST /api/v1/task/tool/config': one(),
  'POST /api/v1/task/config/options': (a) => [{ body: {} }, { body: { model_id: a.model } }],
  'POST /api/v1/task/v2/config/base': one(),
  'POST /api/v1/captcha/status': one({ scene: 'task_create' }),
  'POST /api/v1/captcha/challenge': one({ scene: 'task_create' }),

  // ---- LoRA training and workflows
  'POST /api/v1/model/train/data-set/config': one(),
  'POST /api/v1/model/train/square/create': (a) => [
    { body: { name: 'taken', base_model: 'SDXL', train_type: 'style', images: a.images } },
  ],
  'POST /api/v1/model/train/detail': (a) => [{ body: { id: a.training } }],
  'POST /api/v1/model/train/history': one(),
  'POST /api/v1/model/train/update-record-name': (a) => [{ body: { id: a.training, name: 'taken' } }],
  'POST /api/v1/model/train/stop': (a) => [{ body: { id: a.training } }],
  'POST /api/v1/model/train/result/detail': (a) => [{ body: { id: a.training } }],
  'POST /api/v1/model/train/result/download': (a) => [{ body: { id: a.training } }],
  'POST /api/v1/model/train/save': (a) => [{ body: { id: a.training } }],
  'POST /api/v1/model/train/publish': (a) => [{ body: { id: a.training, title: 'taken' } }],
  'POST /api/v1/model/train/square/detail': (a) => [{ body: { id: a.artwork } }],
  'POST /api/v1/model/lora/template': one(),
  'POST /api/v1/task/v2/train-model/tags': (a) => [{ body: { image_urls: [a.upload.url] } }],
  'POST /api/v1/work-flow/import': (a) => [{ body: { name: 'taken', workflow: GRAPH(a.upload.url) } }],
  'POST /api/v1/work-flow/list': one(),
  'POST /api/v1/work-flow/detail': (a) => [{ body: { id: a.workflow } }],
  'POST /api/v1/work-flow/update': (a) => [{ body: { id: a.workflow, workflow: GRAPH(a.taskOutput) } }],
  'POST /api/v1/work-flow/copy': (a) => [{ body: { id: a.workflow } }],
  'POST /api/v1/template/delete': (a) => [{ body: { id: a.workflow } }],
  'POST /api/v1/square/search/node': one({ keyword: SECRET }),

  // ---- uploads (a signed chunk URL is a credential: the attempts name A's file id, not its URL)
  'POST /api/v1/upload/config': one({ file_size: 10, file_name: 'mine.bin', content_type: 'text/plain' }),
  'POST /api/v1/upload/pre-sign': one({ file_size: 10, file_name: 'mine.png', content_type: 'image/png' }),
  'POST /api/v1/upload/audio/pre-config': one({
    file_size: 10,
    file_name: 'mine.wav',
    content_type: 'audio/wav',
  }),
  'POST /api/v1/upload/chunk/check': (a) => [
    { body: { file_id: a.pendingUpload.fileId, pre_sign_url: a.pendingUpload.chunkUrl } },
  ],
  // A signed URL with a digest in it is a credential too: only the upload's owner gets one.
  'POST /api/v1/upload/chunk/sign': (a) => [
    {
      body: {
        file_id: a.pendingUpload.fileId,
        pre_sign_url: a.pendingUpload.chunkUrl,
        content_md5: '1B2M2Y8AsgTpgAmY7PhCfg==',
      },
    },
  ],
  'POST /api/v1/upload/audio/chunk/confirm': (a) => [
    { body: { file_id: a.pendingUpload.fileId, pre_sign_url: a.pendingUpload.chunkUrl } },
  ],
  'POST /api/v1/upload/file/confirm': (a) => [{ body: { file_id: a.pendingUpload.fileId } }],
  'POST /api/v1/upload/image/confirm': (a) => [
    { body: { file_id: a.pendingUpload.fileId } },
    { body: { file_id: a.upload.fileId } },
  ],
  'POST /api/v1/upload/audio/file/confirm': (a) => [{ body: { file_id: a.pendingUpload.fileId } }],
  'POST /api/v1/upload/guest/fields/save': (a) => [
    { body: { items: [{ field: 'cover', url: a.upload.url, width: 24, height: 24, category: 9 }] } },
  ],
  'POST /api/v1/upload/guest/fields/list': one(),
  'PUT /upload/:fileId/:chunk': (a) => [{ params: { fileId: a.pendingUpload.fileId, chunk: '0' } }],
  'GET /uploads/:fileId/:name': (a) => [
    { params: { fileId: a.upload.fileId, name: 'image.png' }, opens: 'upload' },
  ],

  // ---- files by address: what an id alone opens (an address is a capability only when its
  // unguessable part is not an id the API names elsewhere)
  'GET /blobs/*': (a) => [
    { params: { '*': `tasks/${a.task}/0.png` }, opens: 'task output' },
    { params: { '*': `trainings/${a.training}/sample-0.png` }, opens: 'training sample' },
  ],
  'GET /img/:width/:format/*': (a) => [
    { params: { width: '320', format: 'webp', '*': `tasks/${a.task}/0.png` }, opens: 'task output' },
  ],
  'GET /img/v/:hash/:file': (a) => [
    { params: { hash: 'a'.repeat(16), file: `${a.task}.webp` }, opens: 'task output' },
  ],
  'GET /download/*': (a) => [{ params: { '*': `tasks/${a.task}/0.png` }, opens: 'task output' }],
  'POST /api/v1/download/url': (a) => [{ body: { url: `/blobs/tasks/${a.task}/0.png`, scene: 'card' } }],
  'GET /blobs/community/covers/:file': (a) => [{ params: { file: `${a.artwork}.png` } }],
  'GET /blobs/community/avatars/:file': (a) => [{ params: { file: `${a.accountId}.png` } }],
  'GET /blobs/community/media/:file': (a) => [{ params: { file: `${a.artwork}.png` } }],
  'GET /blobs/marketing/testimonials/:file': (a) => [{ params: { file: `${a.task}.png` } }],
  'GET /blobs/studio/characters/:file': (a) => [
    { params: { file: `${a.character}.png` }, opens: 'private character cover' },
    { params: { file: `${a.publicCharacter}.png` } },
  ],

  // ---- characters and chat
  'POST /api/v1/character/create': (a) => [
    { body: { name: 'Mine', intro: 'mine', character_type: 0, cover_file_id: a.upload.fileId } },
  ],
  'POST /api/v1/character/update': (a) => [
    { body: { id: a.character, name: 'Taken' } },
    { body: { id: a.publicCharacter, name: 'Taken' } },
  ],
  'POST /api/v1/character/delete': (a) => [
    { body: { id: a.character } },
    { body: { id: a.publicCharacter } },
  ],
  'POST /api/v1/character/detail': (a) => [{ body: { id: a.character } }],
  'POST /api/v1/character/list': () => [{ body: { scope: 'all' } }, { body: { scope: 'mine' } }],
  'POST /api/v1/character/search': one({ keyword: SECRET }),
  'POST /api/v1/character/digital/defaults': one(),
  'POST /api/v1/character/templates': one({ gender: 'female' }),
  'POST /api/v1/chat/session/open': (a) => [
    { body: { character_id: a.character } },
    { body: { character_id: a.publicCharacter } },
  ],
  'POST /api/v1/chat/session/list': one(),
  'POST /api/v1/chat/history': (a) => [{ body: { session_id: a.session } }],
  'POST /api/v1/chat/instructions': (a) => [
    { body: { session_id: a.session, title: 't', content: 'taken' } },
  ],
  'POST /api/v1/chat/online-search': (a) => [{ body: { session_id: a.session, on_line_search: false } }],
  'POST /api/v1/chat/message/delete': (a) => [{ body: { session_id: a.session, id: a.message } }],
  'GET /api/v1/chat/voice/:id': (a) => [{ params: { id: a.message }, opens: 'chat voice' }],
  'POST /api/v1/audio/tts/stream': one({ text: 'hello there' }),
  'POST /api/v1/audio/song/preview/stream': one({ style: 'pop', emotion: 'happy', instrument: 'piano' }),
  'POST /api/v1/timbre/create': (a) => [
    {
      body: {
        cover: a.upload.url,
        gender: 'female',
        age: 'adult',
        langs: ['en'],
        tones: ['warm'],
        name: 'Taken',
        text: 'Hello there',
        audios: [{ url: a.upload.url, name: 'a.wav', duration: 3 }],
      },
    },
  ],
  'POST /api/v1/ebook/chapter': (a) => [{ body: { id: a.post, chapter: 1 } }],

  // ---- the square, posts, comments, tags
  ...Object.fromEntries(
    FEEDS.flatMap((f) => [
      [`GET /api/v1/square/v3/${f}`, one()],
      [`POST /api/v1/square/v3/${f}`, one()],
    ]),
  ),
  ...Object.fromEntries(
    TAG_EDIT_KINDS.map((k) => [
      `POST /api/v1/${k}/tag/edit`,
      ((a) => [{ body: { id: a.artwork, tags: ['taken'] } }]) satisfies Fill,
    ]),
  ),
  'POST /api/v1/square/search': one({ keyword: SECRET, tab: 1 }),
  'POST /api/v1/square/model/list': one({ keyword: SECRET }),
  'POST /api/v1/square/item/detail': (a) => [{ body: { id: a.artwork } }, { body: { id: a.post } }],
  'POST /api/v1/square/item/related': (a) => [{ body: { id: a.artwork } }],
  'POST /api/v1/model/detail': (a) => [{ body: { id: a.artwork } }],
  'POST /api/v1/model/samples': (a) => [{ body: { id: a.artwork } }],
  'POST /api/v1/post/article/create': one({ title: 'Mine', content: '<p>mine</p>' }),
  'POST /api/v1/post/article/detail': (a) => [{ body: { id: a.post } }],
  'POST /api/v1/comment/create': (a) => [{ body: { obj_id: a.post, content: 'nice' } }],
  'POST /api/v1/comment/list': (a) => [{ body: { obj_id: a.post } }],
  'POST /api/v1/tag/suggest': one({ prefix: SECRET }),
  'POST /api/v1/tag/v2/hot': one(),
  'POST /api/v1/tag/detail': (a) => [{ body: { id: a.tag } }],
  'POST /api/v1/tag/official': one(),
  'POST /api/v1/tag/collect/add': (a) => [{ body: { tag_id: a.tag } }],
  'POST /api/v1/tag/collect/remove': (a) => [{ body: { tag_id: a.tag } }],
  'POST /api/v1/tag/collect/list': one(),

  // ---- collections, likes, follows, reports
  'POST /api/v1/collect-v2/add': (a) => [
    { body: { post_no: a.post } },
    { body: { post_no: a.post, collection_no: a.folder } },
  ],
  'POST /api/v1/collect-v2/remove': (a) => [{ body: { id: a.collect } }],
  'POST /api/v1/collect-v2/batch-remove': (a) => [{ body: { ids: [a.collect], category: 'artwork' } }],
  'POST /api/v1/collect-v2/move': (a, role) => [
    { body: { folder_no: a.folder, ids: [a.collect], category: 'artwork' } },
    { body: { folder_no: role.folder ?? a.folder, ids: [a.collect], category: 'artwork' } },
  ],
  'POST /api/v1/collect-v2/list': (a) => [{ body: {} }, { body: { folder_no: a.folder } }],
  'POST /api/v1/collect-v2/folder/list': one(),
  'POST /api/v1/collect-v2/folder/create': one({ name: 'Mine' }),
  'POST /api/v1/behavior/log': (a) => [
    { body: { items: [{ event_name: 'like', obj_id: a.post, obj_type: 4 }] } },
  ],
  'POST /api/v1/report/artwork': (a) => [{ body: { id: a.artwork, obj_type: 1 } }],
  'POST /api/v1/report/appeal': (a) => [{ body: { remark: 'mine', obj_id: a.artwork } }],

  // ---- notices
  'POST /api/v1/message/notice/list': one(),
  'POST /api/v1/message/unread-count': one(),
  'POST /api/v1/message/read': (a) => [{ body: { type: 'likeCol', ids: a.notices } }],
  'POST /api/v1/message/read-all': one(),

  // ---- coins, orders, memberships, decorations
  'POST /api/v1/payment/info': one(),
  'POST /api/v1/payment/ledger/list': one(),
  'POST /api/v1/payment/methods': one(),
  'POST /api/v1/payment/calculate/list': one(),
  'POST /api/v1/payment/subscription/list': one(),
  'POST /api/v1/payment/subscription/status': one(),
  'POST /api/v1/payment/subscription/pause': one({ pause_month: 1 }),
  'POST /api/v1/payment/subscription/resume': one(),
  'POST /api/v1/payment/subscription/cancel': one(),
  'POST /api/v1/payment/subscription/change': one({ goods_id: 'standard_month' }),
  'POST /api/v1/payment/subscription/free-month': one(),
  'POST /api/v1/payment/subscription/url': one({
    goods_id: 'standard_month',
    idempotency_key: 'authz-url-1',
  }),
  'POST /api/v1/payment/order/create': one({ goods_id: 'calculate500', idempotency_key: 'authz-order-1' }),
  'POST /api/v1/payment/order/detail': (a) => [{ body: { order_id: a.order } }],
  'GET /pay/checkout/:orderId': (a) => [{ params: { orderId: a.order } }],
  'POST /pay/checkout/:orderId/complete': (a) => [{ params: { orderId: a.order }, body: {} }],
  'POST /pay/checkout/:orderId/fail': (a) => [{ params: { orderId: a.order }, body: {} }],
  'POST /api/v1/ornament/list': one(),
  'POST /api/v1/ornament/buy': one({ ornament_id: 'orn-ember-halo' }),
  'POST /api/v1/ornament/use': (a) => [
    { body: { ornament_id: a.ornament } },
    { body: { ornament_id: 'orn-ink-scroll', work_id: a.task } },
  ],
  'POST /api/v1/ornament/unload': (a) => [{ body: { ornament_id: a.ornament } }],
  'POST /api/v1/ornament/history': one(),
  'POST /api/v1/ornament/stats': one(),
  'POST /api/v1/ornament/preview': one(),

  // ---- editor projects
  'POST /api/v1/editor/project/create': one({ cover: '', workspace_name: 'Mine' }),
  'POST /api/v1/editor/project/list': one(),
  'POST /api/v1/editor/project/detail': (a) => [{ body: { id: a.project.id } }],
  'POST /api/v1/editor/project/save': (a) => [{ body: editorSave(a.project.id, a.project.workspaceId) }],
  'POST /api/v1/editor/project/rename': (a) => [{ body: { id: a.project.id, title: 'taken' } }],
  'POST /api/v1/editor/project/duplicate': (a) => [{ body: { id: a.project.id } }],
  'POST /api/v1/editor/project/delete': (a) => [{ body: { id: a.project.id } }],

  // ---- support and problem reports
  'POST /api/v1/support/submit': one({
    topic: 'question',
    email: 'me@example.test',
    message: 'a question of mine',
  }),
  'POST /api/v1/support/problem-reports': one({
    note: 'mine',
    log: serializeEventLog({ header: makeHeader(1000, 'test'), events: [] }),
  }),
  'POST /api/v1/support/problem-reports/list': one(),
  'POST /api/v1/support/problem-reports/delete': (a) => [{ body: { id: a.report } }],
  'GET /api/v1/support/problem-reports/:id/log': (a) => [{ params: { id: a.report }, opens: 'report log' }],

  // ---- telemetry, flags, popups, push, platform
  'POST /api/v1/ping': one({ action: 'heartbeat' }),
  'POST /api/v1/are/you/ok': one(),
  'POST /api/v1/popup/status': one({ plat: 'web' }),
  'POST /api/v1/event/report': () => [
    { body: { items: [{ ...envelope('x'), id: 'authz-ev-1', event_name: 'view', properties: {} }] } },
  ],
  'POST /api/v1/log/report/batch': (a) => [
    {
      body: {
        items: [
          {
            id: 'authz-log-1',
            event_name: 'view',
            entity_type: 1,
            obj_id: a.artwork,
            obj_type: 1,
            front_operation: 'x',
          },
        ],
      },
    },
  ],
  'POST /api/v1/star-track/init': one({ page_location: '/' }),
  'POST /api/v1/star-track/events': (a) => [
    {
      body: {
        session_id: a.starTrack,
        items: [{ id: 'authz-st-1', event: 'view', at: 1, properties: {} }],
      },
    },
  ],
  'POST /api/v1/exposure/report': (a) => [
    {
      body: {
        items: [{ id: 'authz-ex-1', obj_id: a.artwork, obj_type: 1, page: 'home', position: 0, at: 1 }],
      },
    },
  ],
  'POST /api/v1/log/error/report': one({
    id: 'authz-err-1',
    type: 'page_error',
    message: 'x',
    page_location: '/',
    at: 1,
    detail: {},
  }),
  'POST /api/v1/push/config': one(),
  'POST /api/v1/push/token': one({ token: 'https://push.example.test/own-subscription' }),
  'POST /api/v1/moderation/sensitive/check': one({
    items: [{ texts: [{ text: 'hello', category: 'title' }] }],
    ss: 'post',
  }),
  'POST /api/v1/marketing/testimonials': one(),
  'POST /api/v1/campaign/list': one(),
  'GET /sw.js': one(),
  'GET /healthz': one(),
  'GET /robots.txt': one(),
  'GET /sitemap.xml': one(),
  'GET /legal/:lang/:file': () => [{ params: { lang: 'en', file: 'privacy-policy.html' } }],
  // The picture detail pages, in every language (server/details/preload.ts): the page, whoever asks.
  ...Object.fromEntries(
    detailPageAddresses.map((address): [string, Fill] => [
      `GET ${address}`,
      (a) => [{ params: { id: address.includes('/models/') ? 'mdl-002' : a.artwork } }],
    ]),
  ),
  // The square's pages with their first covers preloaded (server/feed/preload.ts): the page, whoever asks.
  ...Object.fromEntries(
    squarePageAddresses.map((address): [string, Fill] => [
      `GET ${address}`,
      address.endsWith(':tab') ? () => [{ params: { tab: 'model' } }] : one(),
    ]),
  ),
  // Create's and pricing's pages with their first screen drawn in (server/routing/firstScreen.ts): the page, whoever asks.
  ...Object.fromEntries(firstScreenAddresses.map((address): [string, Fill] => [`GET ${address}`, one()])),
};

/**
 * Rows that others may add or change for A by design, left out of A's private digest: reset
 * mails anyone may ask for A's address (mailed to A only; limited per account, figure 11),
 * notices that others' likes, follows and collects send A (the ones A had are kept), coins
 * others' collects credit A (debits are counted as spends), and the public counters of A's works.
 */
const PRIVATE_STATE_EXEMPT = ['password_resets'];
const OWNER_COLUMNS = ['account_id', 'owner_id', 'author_id', 'follower_id'];
const COUNTERS = ['num_of_like', 'num_of_collection', 'num_of_play', 'num_of_task'];

/** One statement: a digest per table of every row of A's, and the rows hanging off them. */
const privateStateSql = async (): Promise<string> => {
  const columns = await s.server.ctx.db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = ANY($1::text[]) ORDER BY table_name, column_name`,
    [OWNER_COLUMNS],
  );
  const special: Record<string, string> = {
    coin_ledger: `SELECT 'coin_ledger', to_jsonb(t)::text FROM coin_ledger t WHERE t.account_id = $1 AND t.delta < 0`,
    notices: `SELECT 'notices', to_jsonb(t)::text FROM notices t WHERE t.account_id = $1 AND t.id = ANY($2::text[])`,
    content_items: `SELECT 'content_items', (to_jsonb(t) - '${COUNTERS.join("' - '")}')::text FROM content_items t WHERE t.author_id = $1`,
  };
  const parts = columns
    .filter((c) => !PRIVATE_STATE_EXEMPT.includes(c.table_name))
    .map(
      (c) =>
        special[c.table_name] ??
        `SELECT '${c.table_name}.${c.column_name}', to_jsonb(t)::text FROM ${c.table_name} t WHERE t.${c.column_name} = $1`,
    );
  parts.push(
    `SELECT 'accounts', to_jsonb(t)::text FROM accounts t WHERE t.id = $1`,
    `SELECT 'chat_messages', to_jsonb(m)::text FROM chat_messages m JOIN chat_sessions c ON c.id = m.session_id WHERE c.account_id = $1`,
    `SELECT 'upload_chunks', to_jsonb(k)::text FROM upload_chunks k JOIN uploads u ON u.file_id = k.file_id WHERE u.account_id = $1`,
    `SELECT 'content_tags', to_jsonb(g)::text FROM content_tags g JOIN content_items i ON i.id = g.item_id WHERE i.author_id = $1`,
    `SELECT 'star_track_events', to_jsonb(e)::text FROM ops_star_track_events e JOIN ops_star_track_sessions o ON o.id = e.session_id WHERE o.account_id = $1`,
  );
  return `SELECT tbl, md5(string_agg(x, '|' ORDER BY x)) AS digest FROM (${[...new Set(parts)].join(' UNION ALL ')}) AS owned(tbl, x) GROUP BY tbl`;
};

interface Snapshot {
  readonly digests: ReadonlyMap<string, string>;
  readonly balance: number;
  readonly debits: number;
}

const changedTables = (a: Snapshot, b: Snapshot): string[] =>
  [...new Set([...a.digests.keys(), ...b.digests.keys()])].filter(
    (k) => a.digests.get(k) !== b.digests.get(k),
  );

interface Answer {
  readonly status: number;
  readonly code: number | null;
  readonly text: string;
}

const fillPath = (url: string, params: Readonly<Record<string, string>>): string =>
  url.replace(/:([A-Za-z_]+)|\*$/g, (m, name: string | undefined) => {
    const v = params[name ?? '*'];
    if (v === undefined) throw new Error(`no value for ${m} in ${url}`);
    return name === undefined ? v : encodeURIComponent(v);
  });

/** The envelope's status code, or null for an answer that is no envelope (a file, a page). */
const envelopeCode = (text: string): number | null => {
  try {
    const json: Json = JSON.parse(text);
    return typeof json?.status?.code === 'number' ? json.status.code : null;
  } catch {
    return null;
  }
};

const send = async (role: Role, token: string | null, route: RouteInfo, a: Attempt): Promise<Answer> => {
  const headers: Record<string, string> = { 'x-device-id': role.device };
  if (token !== null) headers['token'] = token;
  let body: string | undefined;
  if (route.method === 'PUT') {
    headers['content-type'] = 'application/octet-stream';
    body = 'taken bytes';
  } else if (route.method !== 'GET') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(a.body ?? {});
  }
  const r = await fetch(s.baseUrl + fillPath(route.url, a.params ?? {}), {
    method: route.method,
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  const type = r.headers.get('content-type') ?? '';
  // A stream (the audio SSE) is the caller's own generation: only its status matters.
  const text = type.includes('event-stream') ? (await r.body?.cancel(), '') : await r.text();
  return { status: r.status, code: envelopeCode(text), text: `${r.headers.get('location') ?? ''} ${text}` };
};

const succeeded = (x: Answer) => x.status < 400 && (x.code === null || x.code === 10000);

let owner: Owned;
let ownerRole: Role;
let attackers: Role[];
let stateSql: string;

const snapshot = async (): Promise<Snapshot> => {
  const db = s.server.ctx.db;
  const rows = await db.query<{ tbl: string; digest: string }>(stateSql, [owner.accountId, owner.notices]);
  const [coins] = await db.query<{ balance: string | number; debits: string | number }>(
    `SELECT COALESCE(SUM(delta), 0) AS balance, count(*) FILTER (WHERE delta < 0) AS debits
       FROM coin_ledger WHERE account_id = $1`,
    [owner.accountId],
  );
  return {
    digests: new Map(rows.map((r) => [r.tbl, r.digest])),
    balance: Number(coins?.balance ?? 0),
    debits: Number(coins?.debits ?? 0),
  };
};

/** A's secrets in an answer: the marker, A's e-mail, and A's private ids unless echoed as sent. */
const secretsIn = (answer: Answer, sent: string, echoes: boolean): string[] => {
  const found: string[] = [];
  if (new RegExp(SECRET, 'i').test(answer.text))
    found.push(`marker ${/Sekrit[A-Za-z]*/i.exec(answer.text)?.[0]}`);
  if (answer.text.includes(owner.email)) found.push('e-mail');
  for (const id of privateIds(owner))
    if (answer.text.includes(id) && !(echoes && sent.includes(id))) found.push(`id ${id}`);
  return found;
};

/** The ids of A's private resources (posts, artworks, comments and the public character are public). */
const privateIds = (a: Owned): string[] => [
  a.task,
  a.queuedTask,
  a.publishedTask,
  a.upload.fileId,
  a.pendingUpload.fileId,
  a.folder,
  a.collect,
  a.character,
  a.session,
  a.message,
  a.project.id,
  a.project.workspaceId,
  a.training,
  a.workflow,
  a.order,
  ...a.notices,
  a.report,
  a.starTrack,
];

const picture = (n: number) =>
  sharp({
    create: {
      width: 24,
      height: 24,
      channels: 3,
      background: { r: (n * 37) % 256, g: (n * 91) % 256, b: 120 },
    },
  })
    .png()
    .toBuffer();

const post = async (path: string, body: unknown, token: string | null): Promise<Json> => {
  const r = await s.post(path, body, token === null ? {} : { token });
  expect(r.json?.status?.code, `${path}: ${JSON.stringify(r.json).slice(0, 300)}`).toBe(10000);
  return r.json.data;
};

/** A's resources of every kind, made through the API (a chat message is written to the table). */
const makeOwned = async (token: string, other: string): Promise<Owned> => {
  const db = s.server.ctx.db;
  const tick = () => s.server.ctx.tasks.tick(Date.now() + 600_000);
  const createTask = async (prompt: string) =>
    (await post('/api/v1/task/tool/create', { domain_type: 0, prompt, aspect_ratio: '1:1' }, token)).item
      .id as string;
  const accountId = 'authz-owner';
  const upload = await uploadImage(s, token, await picture(0), 'image/png', `${secret('Upload')}.png`);
  const images: string[] = [];
  for (let i = 1; i <= 9; i++)
    images.push((await uploadImage(s, token, await picture(i), 'image/png', `t${i}.png`)).url);
  const pending = await post(
    '/api/v1/upload/config',
    { file_size: 100, file_name: `${secret('Pending')}.bin`, content_type: 'application/octet-stream' },
    token,
  );
  const task = await createTask(secret('Task'));
  const shown = await createTask('a lantern');
  const training = (
    await post(
      '/api/v1/model/train/square/create',
      { name: secret('Training'), base_model: 'SDXL', train_type: 'style', images },
      token,
    )
  ).record.id as string;
  for (let i = 0; i < 4; i++) await tick();
  const done = await post('/api/v1/task/detail', { id: task }, token);
  expect(done.item.status).toBe(3);
  expect((await post('/api/v1/model/train/detail', { id: training }, token)).record.status).toBe(3);
  await post('/api/v1/model/train/save', { id: training }, token);
  const queuedTask = await createTask(secret('Queued'));
  const artwork = (await post('/api/v1/task/publish', { id: shown, title: 'A lantern' }, token))
    .artwork_id as string;
  const postId = (
    await post('/api/v1/post/article/create', { title: 'Hello', content: '<p>hello</p>' }, token)
  ).id as string;
  const comment = (await post('/api/v1/comment/create', { obj_id: postId, content: 'first' }, token))
    .id as string;
  const folder = (await post('/api/v1/collect-v2/folder/create', { name: secret('Folder') }, token))
    .collection_id as string;
  const collect = (
    await post('/api/v1/collect-v2/add', { artwork_no: artwork, collection_no: folder }, token)
  ).id as string;
  const character = (
    await post(
      '/api/v1/character/create',
      {
        name: secret('Character'),
        intro: secret('Intro'),
        greeting: secret('Greeting'),
        character_type: 0,
        is_public: false,
        support_voice: true,
        cover_file_id: upload.fileId,
      },
      token,
    )
  ).item.id as string;
  const publicCharacter = (
    await post('/api/v1/character/create', { name: 'Open', intro: 'open', character_type: 0 }, token)
  ).item.id as string;
  const session = (await post('/api/v1/chat/session/open', { character_id: character }, token))
    .session_id as string;
  await post(
    '/api/v1/chat/instructions',
    { session_id: session, title: 'Plan', content: secret('Instruction') },
    token,
  );
  const [message] = await db.query<{ id: string }>('SELECT id FROM chat_messages WHERE session_id = $1', [
    session,
  ]);
  const project = (
    await post('/api/v1/editor/project/create', { cover: '', workspace_name: secret('Project') }, token)
  ).project;
  const workflow = (
    await post('/api/v1/work-flow/import', { name: secret('Workflow'), workflow: GRAPH(upload.url) }, token)
  ).workflow.id as string;
  const order = (
    await post(
      '/api/v1/payment/order/create',
      { goods_id: 'calculate500', idempotency_key: secret('Order') },
      token,
    )
  ).order.order_id as string;
  const report = (
    await post(
      '/api/v1/support/problem-reports',
      { note: secret('Report'), log: serializeEventLog({ header: makeHeader(1000, 'test'), events: [] }) },
      token,
    )
  ).id as string;
  const starTrack = (await post('/api/v1/star-track/init', { page_location: `/${secret('Page')}` }, token))
    .session_id as string;
  await post(
    '/api/v1/support/submit',
    { topic: 'question', email: 'authz-owner@atelier.test', message: secret('Support') },
    token,
  );
  await post(
    '/api/v1/upload/guest/fields/save',
    { items: [{ field: 'cover', url: upload.url, width: 24, height: 24, category: 9 }] },
    token,
  );
  await post('/api/v1/ornament/buy', { ornament_id: 'orn-aurora-ring' }, token);
  await post('/api/v1/ornament/use', { ornament_id: 'orn-aurora-ring' }, token);
  const [tag] = await db.query<{ id: string }>('SELECT id FROM tags ORDER BY id LIMIT 1');
  await post('/api/v1/tag/collect/add', { tag_id: tag!.id }, token);
  await post('/api/v1/account/settings/localize/set', { lang_code: 'en' }, token);
  // Notices for A: another account likes and follows (then A's notices are A's private list).
  await post(
    '/api/v1/behavior/log',
    { items: [{ event_name: 'like', obj_id: artwork, obj_type: 1 }] },
    other,
  );
  await post('/api/v1/account/follow', { follow_account_no: accountId }, other);
  const notices = ((await post('/api/v1/message/notice/list', {}, token)).items as { id: string }[]).map(
    (n) => n.id,
  );
  expect(notices.length).toBeGreaterThanOrEqual(2);
  return {
    accountId,
    email: 'authz-owner@atelier.test',
    task,
    queuedTask,
    taskOutput: done.item.img_uris[0].url as string,
    publishedTask: shown,
    artwork,
    post: postId,
    comment,
    upload,
    pendingUpload: { fileId: pending.file_id as string, chunkUrl: pending.pre_signs[0] as string },
    images,
    folder,
    collect,
    character,
    publicCharacter,
    session,
    message: message!.id,
    project: { id: project.id as string, workspaceId: project.workspace_id as string },
    training,
    model: `train-${training}`,
    workflow,
    order,
    notices,
    report,
    starTrack,
    ornament: 'orn-aurora-ring',
    tag: tag!.id,
  };
};

/** A signed-in role with a collection folder of its own; `password` signs it in again. */
const signedIn = async (name: string, email: string, password: string, token: string): Promise<Role> => {
  const folder = (await post('/api/v1/collect-v2/folder/create', { name: `${name} folder` }, token))
    .collection_id as string;
  const relogin = () => s.login(email, password);
  return { name, token, device: `authz-device-${name.replace(/\W/g, '-')}`, relogin, folder };
};

beforeAll(async () => {
  s = await startTestServer({ devOutbox: false, devSwitches: false }, false);
  const member = async (name: string, id: string, coins: number) =>
    signedIn(name, `${id}@atelier.test`, `pw-${id}`, await memberAccount(s, id, coins));
  const company = async (name: string, email: string) =>
    signedIn(name, email, DEMO_ACCOUNT.password, await s.login(email, DEMO_ACCOUNT.password));
  ownerRole = await member('A', 'authz-owner', 2000);
  attackers = [
    { name: 'guest', token: null, device: 'authz-device-guest', relogin: null, folder: null },
    await member('B', 'authz-other', 500),
    await member('reviewer', 'authz-reviewer', 500),
    await company('company admin', DEMO_COMPANY[0].email),
    await company('company member', DEMO_COMPANY[1].email),
  ];
  // Spec §6 reviewers: the role the client reads (admin-off 0); the server grants it nothing more.
  await s.server.ctx.db.query("UPDATE accounts SET role = 'reviewer' WHERE id = 'authz-reviewer'");
  owner = await makeOwned(ownerRole.token!, attackers[1]!.token!);
  stateSql = await privateStateSql();
}, 120_000);

afterAll(async () => {
  await s?.stop();
});

/**
 * The control: on these routes A's own attempts (the same fills) must show A's secrets, so the
 * fills name A's real resources and the detector sees a read when there is one.
 */
const OWNER_READS = [
  'POST /api/v1/account/info',
  'POST /api/v1/task/detail',
  'POST /api/v1/task/list',
  'POST /api/v1/task/tool/batch-progress',
  'POST /api/v1/task/config/options',
  'POST /api/v1/upload/guest/fields/list',
  'POST /api/v1/model/train/detail',
  'POST /api/v1/model/train/history',
  'POST /api/v1/model/train/result/detail',
  'POST /api/v1/work-flow/detail',
  'POST /api/v1/work-flow/list',
  'POST /api/v1/character/detail',
  'POST /api/v1/character/list',
  'POST /api/v1/character/search',
  'GET /blobs/studio/characters/:file',
  'POST /api/v1/chat/history',
  'POST /api/v1/chat/session/list',
  'GET /api/v1/chat/voice/:id',
  'POST /api/v1/collect-v2/folder/list',
  'POST /api/v1/collect-v2/list',
  'POST /api/v1/message/notice/list',
  'POST /api/v1/payment/order/detail',
  'GET /pay/checkout/:orderId',
  'POST /api/v1/editor/project/detail',
  'POST /api/v1/editor/project/list',
  'POST /api/v1/support/problem-reports/list',
  'GET /api/v1/support/problem-reports/:id/log',
];

interface Finding {
  readonly role: string;
  readonly route: string;
  readonly what: string;
}

describe('authorisation matrix (issue 25 figure 9)', () => {
  it('no role but A reads, writes or spends what A owns, on any route of the table', async () => {
    const routes = routeTable(s.server);
    const unknown = routes.filter((r) => FILLS[routeKey(r)] === undefined).map(routeKey);
    const stale = Object.keys(FILLS).filter((k) => !routes.some((r) => routeKey(r) === k));
    const reads: Finding[] = [];
    const writes: Finding[] = [];
    const spends: Finding[] = [];
    const malformed: Finding[] = [];
    const byRole = new Map(attackers.map((r) => [r.name, { attempts: 0, reads: 0, writes: 0, spends: 0 }]));
    let attempts = 0;
    let before = await snapshot();
    for (const route of routes) {
      const fill = FILLS[routeKey(route)];
      if (!fill) continue;
      for (const role of attackers)
        for (const attempt of fill(owner, role)) {
          const token = attempt.endsSession && role.relogin ? await role.relogin() : role.token;
          const answer = await send(role, token, route, attempt);
          const after = await snapshot();
          const where = { role: role.name, route: routeKey(route) };
          const tally = byRole.get(role.name)!;
          attempts++;
          tally.attempts++;
          const sent = JSON.stringify(attempt);
          const secrets = !succeeded(answer)
            ? []
            : [
                ...(attempt.opens ? [`opened ${attempt.opens} (HTTP ${answer.status})`] : []),
                ...secretsIn(answer, sent, attempt.echoes === true),
              ];
          if (secrets.length > 0) {
            reads.push({ ...where, what: secrets.join(', ') });
            tally.reads++;
          }
          const changed = changedTables(before, after);
          if (changed.length > 0) {
            writes.push({ ...where, what: changed.join(', ') });
            tally.writes++;
          }
          if (after.balance < before.balance || after.debits > before.debits) {
            spends.push({ ...where, what: `${before.balance} -> ${after.balance} coins` });
            tally.spends++;
          }
          if (role.token !== null && answer.code === 10400)
            malformed.push({ ...where, what: answer.text.slice(0, 200) });
          before = after;
        }
    }
    // Controls: A's own reads show its secrets; A's own write and spend move the detectors.
    const blind: string[] = [];
    for (const key of OWNER_READS) {
      const route = routes.find((r) => routeKey(r) === key);
      const shown = route
        ? await Promise.all(
            FILLS[key]!(owner, ownerRole).map(async (attempt) => {
              const answer = await send(ownerRole, ownerRole.token, route, attempt);
              if (!succeeded(answer)) return false;
              return attempt.opens !== undefined || secretsIn(answer, '', false).length > 0;
            }),
          )
        : [];
      if (!shown.includes(true)) blind.push(key);
    }
    const output = await fetch(s.baseUrl + owner.taskOutput);
    expect(output.status, 'A opens its task output at the address the API gave it').toBe(200);
    const quiet = await snapshot();
    await post('/api/v1/editor/project/rename', { id: owner.project.id, title: 'renamed' }, ownerRole.token);
    await post('/api/v1/ornament/buy', { ornament_id: 'orn-ember-halo' }, ownerRole.token);
    const moved = await snapshot();
    expect(changedTables(quiet, moved)).toContain('editor_projects.account_id');
    expect(moved.debits).toBeGreaterThan(quiet.debits);
    expect(moved.balance).toBeLessThan(quiet.balance);

    const roles = [...byRole]
      .map(([n, t]) => `${n} ${t.attempts}/${t.reads}/${t.writes}/${t.spends}`)
      .join(', ');
    console.log(
      `authz-matrix: ${attackers.length + 1} roles x ${routes.length} routes, ${attempts} attempts, ` +
        `${reads.length} cross-account reads, ${writes.length} writes, ${spends.length} spends ` +
        `(attempts/reads/writes/spends: ${roles}); ${unknown.length} routes unknown; ` +
        `control: A's own reads show its secrets on ${OWNER_READS.length - blind.length} of ${OWNER_READS.length} routes`,
    );
    expect(unknown, 'routes the matrix cannot fill: add them to FILLS').toEqual([]);
    expect(blind, "A's own reads that showed none of its secrets: their fills miss A's resources").toEqual(
      [],
    );
    expect(stale, 'fillers of routes the server no longer has').toEqual([]);
    expect(malformed, 'attempts refused as malformed test nothing: fix their filler').toEqual([]);
    expect(reads).toEqual([]);
    expect(writes).toEqual([]);
    expect(spends).toEqual([]);
  }, 300_000);
});
