/**
 * The typed calls of the social area on the shared HTTP client: likes (the behaviour log),
 * collections and folders, follows, people (profile, works, followers, following, stats, the
 * guide status) and the message centre (notices, unread counts, reading).
 */
import type { Observable } from 'rxjs';
import { FeedPage } from '../contract/feed';
import {
  MESSAGE_READ_ALL_PATH,
  MESSAGE_READ_PATH,
  NOTICE_LIST_PATH,
  NoticeListResponse,
  UNREAD_COUNT_PATH,
  UnreadCounts,
  type MessageReadRequest,
  type NoticeListRequest,
} from '../contract/messages';
import {
  ACCOUNT_STATS_PATH,
  AccountStats,
  FOLLOWERS_PATH,
  FOLLOWING_PATH,
  GUIDE_STATUS_PATH,
  GUIDE_STATUS_SET_PATH,
  GuideStatus,
  PROFILE_PATH,
  PROFILE_WORKS_PATH,
  PeoplePage,
  Profile,
  type PeoplePageRequest,
  type ProfileRequest,
} from '../contract/profile';
import {
  BEHAVIOR_LOG_PATH,
  BehaviorLogResponse,
  COLLECT_ADD_PATH,
  COLLECT_BATCH_REMOVE_PATH,
  COLLECT_FOLDER_CREATE_PATH,
  COLLECT_FOLDER_LIST_PATH,
  COLLECT_LIST_PATH,
  COLLECT_MOVE_PATH,
  COLLECT_REMOVE_PATH,
  CollectAddResponse,
  CollectBatchRemoveResponse,
  CollectFolder,
  CollectMoveResponse,
  CollectRemoveResponse,
  FOLLOW_PATH,
  FolderListResponse,
  FollowResponse,
  UNFOLLOW_PATH,
  type BehaviorLogRequest,
  type CollectAddRequest,
  type CollectBatchRemoveRequest,
  type CollectListRequest,
  type CollectMoveRequest,
  type CollectRemoveRequest,
  type FolderCreateRequest,
  type FollowRequest,
} from '../contract/social';
import type { ApiResult, HttpClient } from '../http/client';

type Call<Req, Res> = (req: Req) => Observable<ApiResult<Res>>;

export interface SocialApi {
  readonly like: Call<BehaviorLogRequest, BehaviorLogResponse>;
  readonly collectAdd: Call<CollectAddRequest, CollectAddResponse>;
  readonly collectRemove: Call<CollectRemoveRequest, CollectRemoveResponse>;
  readonly collectBatchRemove: Call<CollectBatchRemoveRequest, CollectBatchRemoveResponse>;
  readonly collectMove: Call<CollectMoveRequest, CollectMoveResponse>;
  readonly collectList: Call<CollectListRequest, FeedPage>;
  readonly folderList: Call<Record<string, never>, FolderListResponse>;
  readonly folderCreate: Call<FolderCreateRequest, CollectFolder>;
  readonly follow: Call<FollowRequest, FollowResponse>;
  readonly unfollow: Call<FollowRequest, FollowResponse>;
  readonly profile: Call<ProfileRequest, Profile>;
  readonly works: Call<PeoplePageRequest, FeedPage>;
  readonly followers: Call<PeoplePageRequest, PeoplePage>;
  readonly following: Call<PeoplePageRequest, PeoplePage>;
  readonly stats: Call<Record<string, never>, AccountStats>;
  readonly guideStatus: Call<Record<string, never>, GuideStatus>;
  readonly setGuideStatus: Call<GuideStatus, GuideStatus>;
  readonly notices: Call<NoticeListRequest, NoticeListResponse>;
  readonly unreadCounts: Call<Record<string, never>, UnreadCounts>;
  readonly read: Call<MessageReadRequest, UnreadCounts>;
  readonly readAll: Call<Record<string, never>, UnreadCounts>;
}

export const makeSocialApi = (http: HttpClient): SocialApi => ({
  like: (req) => http.post(BEHAVIOR_LOG_PATH, req, BehaviorLogResponse),
  collectAdd: (req) => http.post(COLLECT_ADD_PATH, req, CollectAddResponse),
  collectRemove: (req) => http.post(COLLECT_REMOVE_PATH, req, CollectRemoveResponse),
  collectBatchRemove: (req) => http.post(COLLECT_BATCH_REMOVE_PATH, req, CollectBatchRemoveResponse),
  collectMove: (req) => http.post(COLLECT_MOVE_PATH, req, CollectMoveResponse),
  collectList: (req) => http.post(COLLECT_LIST_PATH, req, FeedPage),
  folderList: (req) => http.post(COLLECT_FOLDER_LIST_PATH, req, FolderListResponse),
  folderCreate: (req) => http.post(COLLECT_FOLDER_CREATE_PATH, req, CollectFolder),
  follow: (req) => http.post(FOLLOW_PATH, req, FollowResponse),
  unfollow: (req) => http.post(UNFOLLOW_PATH, req, FollowResponse),
  profile: (req) => http.post(PROFILE_PATH, req, Profile),
  works: (req) => http.post(PROFILE_WORKS_PATH, req, FeedPage),
  followers: (req) => http.post(FOLLOWERS_PATH, req, PeoplePage),
  following: (req) => http.post(FOLLOWING_PATH, req, PeoplePage),
  stats: (req) => http.post(ACCOUNT_STATS_PATH, req, AccountStats),
  guideStatus: (req) => http.post(GUIDE_STATUS_PATH, req, GuideStatus),
  setGuideStatus: (req) => http.post(GUIDE_STATUS_SET_PATH, req, GuideStatus),
  notices: (req) => http.post(NOTICE_LIST_PATH, req, NoticeListResponse),
  unreadCounts: (req) => http.post(UNREAD_COUNT_PATH, req, UnreadCounts),
  read: (req) => http.post(MESSAGE_READ_PATH, req, UnreadCounts),
  readAll: (req) => http.post(MESSAGE_READ_ALL_PATH, req, UnreadCounts),
});
