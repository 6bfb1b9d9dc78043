/**
 * Detail pages, tags and comments (spec §2 detail pages and tag pages, §3, §7 tag calls).
 *
 * Choices where the spec says "not shown":
 * - Comments: `POST /api/v1/comment/list` `{ obj_id, offset?, limit? }` answers the newest first,
 *   paged, with `total`; `POST /api/v1/comment/create` `{ obj_id, content }` (signed in; the
 *   text is plain, 1..500 characters) answers the new comment.
 * - Related works: `POST /api/v1/square/item/related` `{ id, limit? }`: works of the same card
 *   type sharing the most tags with it, then the hottest; never the work itself.
 * - A model's sample images: `POST /api/v1/model/samples` `{ id, offset?, limit? }`: the works
 *   whose generation used the model (their `models` names it), hottest first.
 * - Spec §7 "my collected tags": `POST /api/v1/tag/collect/list`; collecting a tag:
 *   `POST /api/v1/tag/collect/add` and `/remove` `{ tag_id }` (signed in). "Official tags
 *   (show_area)": `POST /api/v1/tag/official` `{ show_area? }`.
 */
import * as t from 'io-ts';
import { AvatarFrame, FeedPage, NonNegativeInt, PositiveInt, ShortText, boundedString } from './feed';

export const COMMENT_LIST_PATH = '/api/v1/comment/list';
export const COMMENT_CREATE_PATH = '/api/v1/comment/create';
export const RELATED_PATH = '/api/v1/square/item/related';
export const MODEL_SAMPLES_PATH = '/api/v1/model/samples';
export const TAG_COLLECTED_PATH = '/api/v1/tag/collect/list';
export const TAG_COLLECT_ADD_PATH = '/api/v1/tag/collect/add';
export const TAG_COLLECT_REMOVE_PATH = '/api/v1/tag/collect/remove';
export const TAG_OFFICIAL_PATH = '/api/v1/tag/official';

export const COMMENT_MAX = 500;
export const COMMENTS_DEFAULT_LIMIT = 20;
export const RELATED_DEFAULT_LIMIT = 8;
export const RELATED_MAX_LIMIT = 24;

export const CommentAuthor = t.intersection(
  [t.type({ id: t.string, name: t.string, avatar: t.string }), AvatarFrame],
  'CommentAuthor',
);
export type CommentAuthor = t.TypeOf<typeof CommentAuthor>;

/** One comment; `create_at` in epoch milliseconds. */
export const Comment = t.type(
  { id: t.string, obj_id: t.string, content: t.string, create_at: t.number, author: CommentAuthor },
  'Comment',
);
export type Comment = t.TypeOf<typeof Comment>;

export const CommentListRequest = t.intersection(
  [t.type({ obj_id: ShortText }), t.partial({ offset: NonNegativeInt, limit: PositiveInt })],
  'CommentListRequest',
);
export type CommentListRequest = t.TypeOf<typeof CommentListRequest>;

export const CommentListResponse = t.type(
  { items: t.array(Comment), offset: t.number, has_more: t.boolean, total: t.number },
  'CommentListResponse',
);
export type CommentListResponse = t.TypeOf<typeof CommentListResponse>;

export const CommentText = boundedString(1, COMMENT_MAX, 'CommentText');
export type CommentText = t.TypeOf<typeof CommentText>;

export const CommentCreateRequest = t.type(
  { obj_id: ShortText, content: CommentText },
  'CommentCreateRequest',
);
export type CommentCreateRequest = t.TypeOf<typeof CommentCreateRequest>;

export const RelatedRequest = t.intersection(
  [t.type({ id: ShortText }), t.partial({ limit: PositiveInt })],
  'RelatedRequest',
);
export type RelatedRequest = t.TypeOf<typeof RelatedRequest>;

/** Related works: one page, no paging (`has_more` is always false). */
export const RelatedResponse = FeedPage;
export type RelatedResponse = FeedPage;

export const ModelSamplesRequest = t.intersection(
  [t.type({ id: ShortText }), t.partial({ offset: NonNegativeInt, limit: PositiveInt })],
  'ModelSamplesRequest',
);
export type ModelSamplesRequest = t.TypeOf<typeof ModelSamplesRequest>;

export const TagCollectRequest = t.type({ tag_id: ShortText }, 'TagCollectRequest');
export type TagCollectRequest = t.TypeOf<typeof TagCollectRequest>;

export const TagCollectResponse = t.type({ tag_id: t.string, is_collect: t.boolean }, 'TagCollectResponse');
export type TagCollectResponse = t.TypeOf<typeof TagCollectResponse>;

export const OfficialTagsRequest = t.partial({ show_area: ShortText }, 'OfficialTagsRequest');
export type OfficialTagsRequest = t.TypeOf<typeof OfficialTagsRequest>;
