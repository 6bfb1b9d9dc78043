/** Decoded contract values to domain values: the one place where wire names meet domain names. */
import type { billing, people, session, social, tasks } from '../../domain/index.js';
import type { AccountInfo } from '../contract/account';
import type { ContentItem, UserCard } from '../contract/feed';
import type { PaymentInfo } from '../contract/payment';
import type { TaskItem, TaskMedia } from '../contract/tasks';
import { toTaskOptions } from '../tasks/mappers';

/** Spec §4: a guest's task calls carry `g_mode: 1`; an account's carry nothing. */
export const guestMode = (guest: boolean): { readonly g_mode?: 1 } => (guest ? { g_mode: 1 } : {});

export const toTaskMedia = (m: TaskMedia): tasks.TaskMediaItem => ({
  url: m.url,
  kind: m.kind,
  contentType: m.content_type,
  width: m.width ?? null,
  height: m.height ?? null,
  durationS: m.duration ?? null,
});

export const toTaskReport = (item: TaskItem): tasks.TaskReport => ({
  id: item.id,
  status: item.status,
  progress: item.process,
  statusDesc: item.status_desc,
  estimateMs: item.estimate_time === null ? null : item.estimate_time * 1000,
  images: item.img_uris,
  ...(item.media && item.media.length > 0 ? { media: item.media.map(toTaskMedia) } : {}),
  ...(item.comfyui_current_node ? { currentNode: item.comfyui_current_node } : {}),
});

/** One item of the server's task list as a domain snapshot (`guest` by who owns it). */
export const toTaskSnapshot = (item: TaskItem, guest: boolean): tasks.TaskSnapshot => ({
  id: item.id,
  params: {
    domainType: item.domain_type,
    prompt: item.prompt,
    aspectRatio: item.aspect_ratio,
    seed: item.seed ?? null,
    ...(item.params ? { options: toTaskOptions(item.params) } : {}),
  },
  guest,
  createdAt: item.create_at,
  estimateMs: item.estimate_time === null ? null : item.estimate_time * 1000,
  status: item.status,
  progress: item.process,
  statusDesc: item.status_desc,
  images: item.img_uris,
  media: (item.media ?? []).map(toTaskMedia),
  ...(item.artwork_id === undefined ? {} : { publishedAs: item.artwork_id }),
  ...(typeof item.production_frame === 'string' ? { productionFrame: item.production_frame } : {}),
});

export const toPaymentInfo = (p: PaymentInfo): billing.PaymentInfo => ({
  accountId: p.account_id,
  calculateCoins: p.calculate_coins,
  freeCoins: p.free_coins,
  tempCoins: p.temp_coins,
  paidCoins: p.paid_coins,
  isActive: p.is_active,
  liteIsActive: p.lite_is_active,
  productLevel: p.product_level,
  productType: p.product_type,
  vipType: p.vip_type,
  expiryTime: p.expiry_time,
  liteExpiryTime: p.lite_expiry_time,
  bigIsActive: p.big_is_active,
});

export const toUserInfo = (a: AccountInfo): session.UserInfo => ({
  id: a.id,
  accountName: a.account_name,
  name: a.name,
  email: a.email,
  avatar: a.avatar,
  status: a.status,
  role: a.role,
  createdAt: a.create_at,
  avatarFrame: a.avatar_frame ?? null,
  enterprise:
    a.enterprise === undefined || a.enterprise === null
      ? null
      : { identityType: a.enterprise.identity_type, showEntry: a.enterprise.show_entry },
});

/** The social context's view of a card (likes, collects and follows are its business): one mapping for the square, details and social lists. */
export const toSocialItem = (item: ContentItem): social.ContentItem => ({
  id: item.id,
  obj_type: item.obj_type as social.ContentItem['obj_type'],
  liked: item.liked,
  collect: item.collect,
  stat: { num_of_like: item.stat.num_of_like, num_of_collection: item.stat.num_of_collection },
  author: { id: item.author.id, is_follow: item.author.is_follow },
});

/** A person as every list of people shows them (followers, following, search results). */
export const toPerson = (u: UserCard): people.PersonCard => ({
  id: u.id,
  name: u.name,
  avatar: u.avatar,
  avatarFrame: u.avatar_frame ?? null,
  followers: u.num_of_followers,
  works: u.num_of_works,
});
