/** Social mappers: the contract's feed cards, people, profiles, stats and messages as the domain holds them. */
import { messages, people, social } from '../../domain/index.js';
import type { ContentItem as ContractItem, UserCard } from '../contract/feed';
import type { Notice } from '../contract/messages';
import type { AccountStats, Profile as ContractProfile } from '../contract/profile';
import { COLLECT_KEYS, COLLECT_KEY_NAMES, type CollectCategory, type CollectKey } from '../contract/social';

export const toFeedCard = (item: ContractItem) => ({
  id: item.id,
  obj_type: item.obj_type as social.ContentItem['obj_type'],
  cardType: item.card_type as never,
  title: item.title,
  cover: item.cover,
  authorId: item.author.id,
  productionFrame: item.production_frame ?? null,
});

export const toProfile = (p: ContractProfile): people.Profile => ({
  id: p.id,
  name: p.name,
  avatar: p.avatar,
  avatarFrame: p.avatar_frame ?? null,
  createdAt: p.create_at,
  isSelf: p.is_self,
  followers: p.num_of_followers,
  following: p.num_of_following,
  works: p.num_of_works,
});

export const toStats = (s: AccountStats): people.Stats => ({
  collected: s.colleted_cnt,
  following: s.following_cnt,
  followers: s.follower_cnt,
  earnings: s.earnings,
  byDay: s.earnings_by_day,
  asOf: s.as_of,
});

export const toMessage = (n: Notice): messages.Message => ({
  id: n.id,
  type: n.type,
  action: n.action,
  actor:
    n.actor === null
      ? null
      : {
          id: n.actor.id,
          name: n.actor.name,
          avatar: n.actor.avatar,
          avatarFrame: n.actor.avatar_frame ?? null,
        },
  objId: n.obj_id,
  objType: n.obj_type,
  content: n.content,
  cover: n.cover,
  isRead: n.is_read,
  createdAt: n.create_at,
});

/** Spec §7 collect key of a card type (model and LoRA share an obj_type, so the card type decides). */
export const collectKeyOf = (cardType: string): CollectKey | null =>
  COLLECT_KEY_NAMES.find((k) => (COLLECT_KEYS[k] as readonly string[]).includes(cardType)) ?? null;

export const categoryOf = (cardType: string): CollectCategory | null => {
  const key = collectKeyOf(cardType);
  return key === null ? null : (key.slice(0, -3) as CollectCategory);
};

/** The social context's view of a card (likes, collects and follows are its business): one mapping for the square, details and social lists. */
export const toSocialItem = (item: ContractItem): social.ContentItem => ({
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

/** The social context's part of cards that arrived (likes, collects, follows): none for no card. */
export const itemsReceivedOf = (items: readonly ContractItem[]): ReturnType<typeof social.itemsReceived>[] =>
  items.length > 0 ? [social.itemsReceived({ items: items.map(toSocialItem) })] : [];
