/**
 * From a task to the square and back: publishing a finished task's image as an artwork (spec §3
 * pub_community; the client runs the spec §5 sensitive-word check first, the server checks the
 * same list again so that no other client can skip it), and the parameters of a work to remix
 * (spec §2 Remix: a published task keeps what made it; a seeded work is its cover's prompt,
 * ratio and seed).
 */
import type {
  TaskPublishRequest,
  TaskPublishResponse,
  TaskRemixResponse,
} from '../../infrastructure/contract/tasks';
import type { Caller } from '../auth';
import { newId } from '../auth';
import { coverKey } from '../feed/items';
import type { ServerContext } from '../context';
import { ApiError, CODES } from '../envelope';
import { hashString } from '../engines/random';
import { containsSensitiveWord } from '../moderation/sensitive';
import type { StoredParams } from './render';

const json = <A>(v: A | string): A => (typeof v === 'string' ? (JSON.parse(v) as A) : v);

/** Kinds of the square whose cover is a picture made from a prompt: what Remix can start from. */
const REMIXABLE_KINDS = ['artwork', 'portfolio', 'lookBook', 'aiVideo'];

interface RemixExtra {
  readonly remix?: {
    readonly prompt: string;
    readonly negative_prompt?: string;
    readonly aspect_ratio: string;
    readonly seed: number;
    readonly model_id?: string;
    readonly sampler_name?: string;
    readonly steps?: number;
    readonly cfg_scale?: number;
    readonly size?: number;
  };
}

export const publishTask = async (
  ctx: ServerContext,
  caller: Caller,
  req: TaskPublishRequest,
  now: number,
): Promise<TaskPublishResponse> => {
  const accountId = caller.accountId;
  if (accountId === null) throw new ApiError(CODES.notLoggedIn, 'please log in to publish');
  const title = req.title.trim();
  const description = (req.description ?? '').trim();
  if (containsSensitiveWord(title) || containsSensitiveWord(description))
    throw new ApiError(CODES.invalidRequest, 'the text contains sensitive words');
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<{
      id: string;
      status: number;
      prompt: string;
      aspect_ratio: string;
      seed: string | number;
      img_uris: { url: string; width: number; height: number }[] | string;
      params: StoredParams | string;
    }>(
      `SELECT id, status, prompt, aspect_ratio, seed, img_uris, params FROM tasks
       WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL FOR UPDATE`,
      [req.id, accountId],
    );
    if (!row) throw new ApiError(CODES.notFound, 'no such task of yours');
    const params = json<StoredParams>(row.params);
    if (params.published_artwork_id !== undefined) return { artwork_id: params.published_artwork_id };
    if (row.status !== 3) throw new ApiError(CODES.invalidRequest, 'only a finished task can be published');
    const image = json<{ url: string; width: number; height: number }[]>(row.img_uris)[req.image_index ?? 0];
    if (!image) throw new ApiError(CODES.invalidRequest, 'the task made no image to publish');
    const prefix = ctx.blobs.urlOf('');
    const key = image.url.startsWith(prefix) ? decodeURIComponent(image.url.slice(prefix.length)) : null;
    const bytes = key === null ? null : await ctx.blobs.get(key);
    if (!bytes || !image.url.endsWith('.png'))
      throw new ApiError(CODES.invalidRequest, 'only a still image can be published as an artwork');
    const id = newId(9);
    // The cover is the task's own picture: stored under the cover key, it is served as it is.
    await ctx.blobs.put(coverKey(id), bytes);
    const remix: RemixExtra['remix'] = {
      prompt: row.prompt,
      aspect_ratio: params.aspect_ratio ?? row.aspect_ratio,
      seed: Number(row.seed),
      ...(params.negative_prompt ? { negative_prompt: params.negative_prompt } : {}),
      ...(params.model_id ? { model_id: params.model_id } : {}),
      ...(params.sampler_name ? { sampler_name: params.sampler_name } : {}),
      ...(params.steps !== undefined ? { steps: params.steps } : {}),
      ...(params.cfg_scale !== undefined ? { cfg_scale: params.cfg_scale } : {}),
      ...(params.size !== undefined ? { size: params.size } : {}),
    };
    await tx.query(
      `INSERT INTO content_items (id, kind, obj_type, author_id, title, description, cover_prompt, cover_aspect,
         cover_long_side, cover_width, cover_height, artwork_type, extra, created_at)
       VALUES ($1, 'artwork', 1, $2, $3, $4, $5, $6, $7, $8, $9, 1, $10::jsonb, $11)`,
      [
        id,
        accountId,
        title,
        description,
        row.prompt,
        row.aspect_ratio,
        Math.max(image.width, image.height),
        image.width,
        image.height,
        JSON.stringify({ remix, task_id: row.id }),
        now,
      ],
    );
    await tx.query(`UPDATE tasks SET params = $2::jsonb, updated_at = $3 WHERE id = $1`, [
      row.id,
      JSON.stringify({ ...params, pub_community: 1, published_artwork_id: id }),
      now,
    ]);
    return { artwork_id: id };
  });
};

export const remixOf = async (ctx: ServerContext, id: string): Promise<TaskRemixResponse> => {
  const [row] = await ctx.db.query<{
    id: string;
    kind: string;
    title: string;
    cover_prompt: string;
    cover_aspect: string;
    cover_width: number;
    cover_height: number;
    extra: RemixExtra | string;
  }>(
    `SELECT id, kind, title, cover_prompt, cover_aspect, cover_width, cover_height, extra FROM content_items WHERE id = $1`,
    [id],
  );
  if (!row || !REMIXABLE_KINDS.includes(row.kind))
    throw new ApiError(CODES.notFound, 'no work to remix with that id');
  const r = json<RemixExtra>(row.extra).remix;
  return {
    id: row.id,
    title: row.title,
    prompt: r?.prompt ?? row.cover_prompt,
    negative_prompt: r?.negative_prompt ?? '',
    aspect_ratio: r?.aspect_ratio ?? row.cover_aspect,
    // A seeded cover is rendered with the hash of its id as the seed (community/covers.ts).
    seed: r?.seed ?? hashString(row.id),
    model_id: r?.model_id ?? null,
    sampler_name: r?.sampler_name ?? null,
    steps: r?.steps ?? null,
    cfg_scale: r?.cfg_scale ?? null,
    size: r?.size ?? null,
    cover: {
      url: ctx.blobs.urlOf(coverKey(row.id)),
      width: Number(row.cover_width),
      height: Number(row.cover_height),
    },
  };
};
