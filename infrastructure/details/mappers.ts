/** Decoded contract values to the domain's detail and search values (wire names meet domain names here). */
import type { details, search } from '../../domain/index.js';
import type { Comment, CommentAuthor } from '../contract/details';
import type {
  ContentAuthor,
  ContentItem,
  ItemDetail,
  ModelDetail,
  PostDetail,
  TagDetail,
  TagItem,
  UserCard,
} from '../contract/feed';
import { toPerson } from '../social/mappers';

/** A work's or a comment's author with the avatar box they wear (spec §3 avatar_frame). */
export const toDetailAuthor = (a: CommentAuthor | ContentAuthor): details.DetailAuthor => ({
  id: a.id,
  name: a.name,
  avatar: a.avatar,
  avatarFrame: a.avatar_frame ?? null,
});

export const toWorkCard = (item: ContentItem): details.WorkCard => ({
  id: item.id,
  objType: item.obj_type as details.WorkCard['objType'],
  cardType: item.card_type as details.WorkCard['cardType'],
  title: item.title,
  cover: item.cover,
  authorId: item.author.id,
  authorName: item.author.name,
  likes: item.stat.num_of_like,
  productionFrame: item.production_frame ?? null,
  ...(item.trained_model_id === undefined ? {} : { trainedModelId: item.trained_model_id }),
});

type AnyDetail = ItemDetail &
  Partial<Pick<ModelDetail, 'versions' | 'trigger_words'>> &
  Partial<Pick<PostDetail, 'content'>>;

/** A detail as its page shows it; `contentHtml` is the post body already sanitised by the caller. */
export const toDetailItem = (d: AnyDetail, contentHtml: string | null): details.DetailItem => ({
  id: d.id,
  objType: d.obj_type as details.DetailItem['objType'],
  cardType: d.card_type as details.DetailItem['cardType'],
  title: d.title,
  description: d.description,
  cover: d.cover,
  author: toDetailAuthor(d.author),
  productionFrame: d.production_frame ?? null,
  publishedAt: d.pt,
  tags: d.tags.map((t) => ({ id: t.id, name: t.name })),
  stats: {
    likes: d.stat.num_of_like,
    collections: d.stat.num_of_collection,
    plays: d.stat.num_of_play ?? null,
    tasks: d.stat.num_of_task ?? null,
  },
  meta: d.meta
    ? {
        prompt: d.meta.prompt,
        negativePrompt: d.meta.negative_prompt,
        sampler: d.meta.sampler_name,
        steps: d.meta.steps,
        cfgScale: d.meta.cfg_scale,
        seed: d.meta.seed,
        aspectRatio: d.meta.aspect_ratio,
        width: d.meta.width,
        height: d.meta.height,
      }
    : null,
  models: (d.models ?? []).map((m) => ({
    id: m.id,
    versionNo: m.model_ver_no,
    type: m.type,
    name: m.name,
    coverUrl: m.cover?.url ?? null,
  })),
  media: d.media
    ? {
        url: d.media.url,
        contentType: d.media.content_type,
        duration: d.media.duration,
        width: d.media.width ?? null,
        height: d.media.height ?? null,
      }
    : null,
  modelType: d.model_type ?? null,
  baseModel: d.base_model ?? null,
  versions: (d.versions ?? []).map((v) => ({ id: v.id, name: v.name, baseModel: v.base_model })),
  triggerWords: [...(d.trigger_words ?? [])],
  contentHtml,
  subChannel: d.sub_channel ?? null,
});

export const toDetailComment = (c: Comment): details.DetailComment => ({
  id: c.id,
  content: c.content,
  createdAt: c.create_at,
  author: toDetailAuthor(c.author),
});

export const toTagCard = (t: TagItem): search.TagCard => ({
  id: t.id,
  name: t.name,
  works: t.num_of_items,
  coverUrl: t.cover?.url ?? null,
});

export const toTagInfo = (t: TagDetail): search.TagInfo => ({
  ...toTagCard(t),
  description: t.description ?? '',
  likes: t.num_of_like,
  isCollected: t.is_collect ?? false,
  showArea: t.show_area ?? null,
});

/** A search result's user: the person card of the shared mappers. */
export const toUserCard: (u: UserCard) => search.UserCard = toPerson;
