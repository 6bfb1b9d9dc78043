/**
 * Notices and unread counts (spec §3 unread counts, §4 messages, §7 "notice list", "unread
 * counts", "read-all messages"). The paths are "not shown"; we chose
 * `POST /api/v1/message/notice/list`, `/api/v1/message/unread-count`, `/api/v1/message/read`
 * (one type, or some notices of it by id) and `/api/v1/message/read-all`. The read calls answer
 * the counts after reading. Likes and collections of your work (likeCol), follows of you (fol),
 * comments (com) and system messages (sys) are the four types; `total` is always their sum.
 */
import * as t from 'io-ts';
import { Cover, NonNegativeInt, PositiveInt, ShortText } from './feed';

export const NOTICE_LIST_PATH = '/api/v1/message/notice/list';
export const UNREAD_COUNT_PATH = '/api/v1/message/unread-count';
export const MESSAGE_READ_PATH = '/api/v1/message/read';
export const MESSAGE_READ_ALL_PATH = '/api/v1/message/read-all';

export const MESSAGE_TYPES = ['likeCol', 'com', 'fol', 'sys'] as const;
export const MessageType = t.keyof({ likeCol: null, com: null, fol: null, sys: null }, 'MessageType');
export type MessageType = t.TypeOf<typeof MessageType>;

export const NoticeAction = t.keyof(
  { like: null, collect: null, follow: null, comment: null, system: null },
  'NoticeAction',
);
export type NoticeAction = t.TypeOf<typeof NoticeAction>;

export const NoticeActor = t.intersection(
  [
    t.type({ id: t.string, name: t.string, avatar: t.string }),
    /** Spec §3 avatar_frame: the avatar box the actor wears (absent in older answers). */
    t.partial({ avatar_frame: t.union([t.string, t.null]) }),
  ],
  'NoticeActor',
);
export type NoticeActor = t.TypeOf<typeof NoticeActor>;

export const Notice = t.type(
  {
    id: t.string,
    type: MessageType,
    action: NoticeAction,
    title: t.string,
    content: t.string,
    actor: t.union([NoticeActor, t.null]),
    obj_id: t.union([t.string, t.null]),
    obj_type: t.union([t.number, t.null]),
    cover: t.union([Cover, t.null]),
    is_read: t.boolean,
    create_at: t.number,
  },
  'Notice',
);
export type Notice = t.TypeOf<typeof Notice>;

export const NoticeListRequest = t.partial(
  { type: MessageType, offset: NonNegativeInt, limit: PositiveInt },
  'NoticeListRequest',
);
export type NoticeListRequest = t.TypeOf<typeof NoticeListRequest>;

export const NoticeListResponse = t.type(
  { items: t.array(Notice), offset: t.number, has_more: t.boolean },
  'NoticeListResponse',
);
export type NoticeListResponse = t.TypeOf<typeof NoticeListResponse>;

export const UnreadCounts = t.type(
  { likeCol: t.number, com: t.number, fol: t.number, sys: t.number, total: t.number },
  'UnreadCounts',
);
export type UnreadCounts = t.TypeOf<typeof UnreadCounts>;

/** Marks the type read; with `ids`, only those notices of it. */
export const MessageReadRequest = t.intersection(
  [
    t.type({ type: MessageType }),
    t.partial({
      ids: t.refinement(t.array(ShortText), (xs) => xs.length >= 1 && xs.length <= 100, 'NoticeIds'),
    }),
  ],
  'MessageReadRequest',
);
export type MessageReadRequest = t.TypeOf<typeof MessageReadRequest>;
