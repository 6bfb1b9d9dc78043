/** The calls of the detail pages, search and tags on the shared HTTP client (spec §7; contract/details.ts). */
import type { Observable } from 'rxjs';
import {
  COMMENT_CREATE_PATH,
  COMMENT_LIST_PATH,
  Comment,
  CommentListResponse,
  MODEL_SAMPLES_PATH,
  RELATED_PATH,
  RelatedResponse,
  TAG_COLLECT_ADD_PATH,
  TAG_COLLECT_REMOVE_PATH,
  TAG_COLLECTED_PATH,
  TAG_OFFICIAL_PATH,
  TagCollectResponse,
  type CommentCreateRequest,
  type CommentListRequest,
  type ModelSamplesRequest,
  type OfficialTagsRequest,
  type RelatedRequest,
  type TagCollectRequest,
} from '../contract/details';
import {
  FEED_PATHS,
  FeedPage,
  FeedRequest,
  ITEM_DETAIL_PATH,
  ItemDetail,
  MODEL_DETAIL_PATH,
  ModelDetail,
  POST_CREATE_PATH,
  POST_DETAIL_PATH,
  PostCreateResponse,
  PostDetail,
  SEARCH_PATH,
  SearchRequest,
  SearchResponse,
  TAG_DETAIL_PATH,
  TAG_HOT_PATH,
  TAG_SUGGEST_PATH,
  TagDetail,
  TagListResponse,
  TagSuggestResponse,
  type IdRequest,
  type PostCreateRequest,
  type PostDetailRequest,
  type TagDetailRequest,
  type TagHotRequest,
  type TagSuggestRequest,
} from '../contract/feed';
import type { ApiResult, HttpClient } from '../http/client';

export interface DetailsApi {
  readonly itemDetail: (req: IdRequest) => Observable<ApiResult<ItemDetail>>;
  readonly modelDetail: (req: IdRequest) => Observable<ApiResult<ModelDetail>>;
  readonly postDetail: (req: PostDetailRequest) => Observable<ApiResult<PostDetail>>;
  /** A new post; the server sanitises its HTML (spec §5). */
  readonly createPost: (req: PostCreateRequest) => Observable<ApiResult<PostCreateResponse>>;
  readonly comments: (req: CommentListRequest) => Observable<ApiResult<CommentListResponse>>;
  readonly addComment: (req: CommentCreateRequest) => Observable<ApiResult<Comment>>;
  readonly related: (req: RelatedRequest) => Observable<ApiResult<RelatedResponse>>;
  readonly modelSamples: (req: ModelSamplesRequest) => Observable<ApiResult<FeedPage>>;
  readonly search: (req: SearchRequest) => Observable<ApiResult<SearchResponse>>;
  readonly tagSuggest: (req: TagSuggestRequest) => Observable<ApiResult<TagSuggestResponse>>;
  readonly hotTags: (req: TagHotRequest) => Observable<ApiResult<TagListResponse>>;
  readonly collectedTags: () => Observable<ApiResult<TagListResponse>>;
  readonly officialTags: (req: OfficialTagsRequest) => Observable<ApiResult<TagListResponse>>;
  readonly tagDetail: (req: TagDetailRequest) => Observable<ApiResult<TagDetail>>;
  readonly collectTag: (req: TagCollectRequest, on: boolean) => Observable<ApiResult<TagCollectResponse>>;
  /** A tag's works: the recommend list narrowed to the tag (the server's `tag_id`). */
  readonly tagWorks: (req: FeedRequest) => Observable<ApiResult<FeedPage>>;
}

export const makeDetailsApi = (http: HttpClient): DetailsApi => ({
  itemDetail: (req) => http.post(ITEM_DETAIL_PATH, req, ItemDetail),
  modelDetail: (req) => http.post(MODEL_DETAIL_PATH, req, ModelDetail),
  postDetail: (req) => http.post(POST_DETAIL_PATH, req, PostDetail),
  createPost: (req) => http.post(POST_CREATE_PATH, req, PostCreateResponse),
  comments: (req) => http.post(COMMENT_LIST_PATH, req, CommentListResponse),
  addComment: (req) => http.post(COMMENT_CREATE_PATH, req, Comment),
  related: (req) => http.post(RELATED_PATH, req, RelatedResponse),
  modelSamples: (req) => http.post(MODEL_SAMPLES_PATH, req, FeedPage),
  search: (req) => http.post(SEARCH_PATH, SearchRequest.encode(req), SearchResponse),
  tagSuggest: (req) => http.post(TAG_SUGGEST_PATH, req, TagSuggestResponse),
  hotTags: (req) => http.post(TAG_HOT_PATH, req, TagListResponse),
  collectedTags: () => http.post(TAG_COLLECTED_PATH, {}, TagListResponse),
  officialTags: (req) => http.post(TAG_OFFICIAL_PATH, req, TagListResponse),
  tagDetail: (req) => http.post(TAG_DETAIL_PATH, req, TagDetail),
  collectTag: (req, on) =>
    http.post(on ? TAG_COLLECT_ADD_PATH : TAG_COLLECT_REMOVE_PATH, req, TagCollectResponse),
  tagWorks: (req) => http.post(FEED_PATHS.recommend, FeedRequest.encode(req), FeedPage),
});
