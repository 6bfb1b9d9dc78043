/**
 * The decorations others see (spec §2 "the worn avatar box drawn around the avatar everywhere it
 * shows", §3 avatar_frame, §7 ornament use with a work_id): the contract fields decode whether an
 * answer carries them or not (an older server's answers still decode), a wrong type is refused,
 * and every mapper carries them into the domain's feed, detail, search and people models (null
 * when none is worn).
 */
import { TaskItem } from '../../infrastructure/contract/tasks';
import { toTaskSnapshot } from '../../infrastructure/tasks/mappers';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { Comment } from '../../infrastructure/contract/details';
import { ContentItem, ItemDetail, SearchResponse, UserCard } from '../../infrastructure/contract/feed';
import { PeoplePage, Profile } from '../../infrastructure/contract/profile';
import { toDetailComment, toDetailItem, toUserCard, toWorkCard } from '../../infrastructure/details/mappers';
import { toCard } from '../../infrastructure/feed/epics';
import { toPerson } from '../../infrastructure/social/mappers';
import { toFeedCard, toProfile } from '../../infrastructure/social/mappers';

const AVATAR_BOX = '/blobs/ornaments/orn-aurora-ring.png';
const PRODUCTION_BOX = '/blobs/ornaments/orn-neon-grid.png';

const wire = (extra: Record<string, unknown> = {}, author: Record<string, unknown> = {}) => ({
  id: 'art-1',
  obj_type: 1,
  card_type: 'artwork',
  title: 'Harbour',
  cover: { url: '/blobs/community/covers/art-1.png', width: 300, height: 400 },
  liked: false,
  collect: null,
  folder_no: null,
  stat: { num_of_like: 2, num_of_collection: 1 },
  num_of_praise: 2,
  author: { id: 'a1', name: 'Mira', avatar: '/a1.png', is_follow: false, ...author },
  pt: 5,
  tags: [],
  ...extra,
});

const decode = <A>(codec: { decode: (u: unknown) => E.Either<unknown, A> }, u: unknown): A => {
  const r = codec.decode(u);
  if (E.isLeft(r)) throw new Error('does not decode');
  return r.right;
};

const user = (extra: Record<string, unknown> = {}) => ({
  id: 'a1',
  name: 'Mira',
  avatar: '/a1.png',
  is_follow: true,
  num_of_followers: 3,
  num_of_works: 4,
  ...extra,
});

const profile = (extra: Record<string, unknown> = {}) => ({
  id: 'a1',
  name: 'Mira',
  avatar: '/a1.png',
  introduction: '',
  create_at: 1,
  is_follow: false,
  is_self: false,
  num_of_followers: 3,
  num_of_following: 2,
  num_of_works: 4,
  ...extra,
});

const comment = (author: Record<string, unknown> = {}) => ({
  id: 'c1',
  obj_id: 'art-1',
  content: 'hello',
  create_at: 9,
  author: { id: 'a1', name: 'Mira', avatar: '/a1.png', ...author },
});

describe('the contract (an older answer without the fields still decodes)', () => {
  it('a card decodes without the frames, with them, and with null; a number is refused', () => {
    expect(E.isRight(ContentItem.decode(wire()))).toBe(true);
    const framed = decode(
      ContentItem,
      wire({ production_frame: PRODUCTION_BOX }, { avatar_frame: AVATAR_BOX }),
    );
    expect(framed.production_frame).toBe(PRODUCTION_BOX);
    expect(framed.author.avatar_frame).toBe(AVATAR_BOX);
    expect(E.isRight(ContentItem.decode(wire({ production_frame: null }, { avatar_frame: null })))).toBe(
      true,
    );
    expect(E.isLeft(ContentItem.decode(wire({ production_frame: 7 })))).toBe(true);
    expect(E.isLeft(ContentItem.decode(wire({}, { avatar_frame: 7 })))).toBe(true);
  });

  it('people, profiles, comments and search users decode with or without avatar_frame', () => {
    for (const u of [user(), user({ avatar_frame: null }), user({ avatar_frame: AVATAR_BOX })]) {
      expect(E.isRight(UserCard.decode(u))).toBe(true);
      expect(E.isRight(PeoplePage.decode({ items: [u], offset: 1, has_more: false }))).toBe(true);
      expect(
        E.isRight(SearchResponse.decode({ result_type: 'user', items: [u], offset: 1, has_more: false })),
      ).toBe(true);
    }
    for (const p of [profile(), profile({ avatar_frame: null }), profile({ avatar_frame: AVATAR_BOX })])
      expect(E.isRight(Profile.decode(p))).toBe(true);
    for (const c of [comment(), comment({ avatar_frame: null }), comment({ avatar_frame: AVATAR_BOX })])
      expect(E.isRight(Comment.decode(c))).toBe(true);
    expect(E.isLeft(UserCard.decode(user({ avatar_frame: false })))).toBe(true);
    expect(E.isLeft(Profile.decode(profile({ avatar_frame: 1 })))).toBe(true);
    expect(E.isLeft(Comment.decode(comment({ avatar_frame: {} })))).toBe(true);
  });
});

describe('the mappers carry the frames into the domain', () => {
  const framed = decode(
    ContentItem,
    wire({ production_frame: PRODUCTION_BOX }, { avatar_frame: AVATAR_BOX }),
  );
  const older = decode(ContentItem, wire());

  it('a square card: the production box on its cover and the author’s avatar box', () => {
    const card = toCard(framed);
    expect(card.productionFrame).toBe(PRODUCTION_BOX);
    expect(card.author).toEqual({ name: 'Mira', avatar: '/a1.png', avatarFrame: AVATAR_BOX });
    const plain = toCard(older);
    expect(plain.productionFrame).toBeNull();
    expect(plain.author?.avatarFrame).toBeNull();
  });

  it('a work of a person’s lists (profile works, my works, collections)', () => {
    expect(toFeedCard(framed).productionFrame).toBe(PRODUCTION_BOX);
    expect(toFeedCard(older).productionFrame).toBeNull();
  });

  it('a detail, its tiles and its comments', () => {
    const detail = toDetailItem(decode(ItemDetail, { ...framed, description: '' }), null);
    expect(detail.productionFrame).toBe(PRODUCTION_BOX);
    expect(detail.author).toEqual({ id: 'a1', name: 'Mira', avatar: '/a1.png', avatarFrame: AVATAR_BOX });
    const plainDetail = toDetailItem(decode(ItemDetail, { ...older, description: '' }), null);
    expect(plainDetail.productionFrame).toBeNull();
    expect(plainDetail.author.avatarFrame).toBeNull();
    expect(toWorkCard(framed).productionFrame).toBe(PRODUCTION_BOX);
    expect(toWorkCard(older).productionFrame).toBeNull();
    expect(toDetailComment(decode(Comment, comment({ avatar_frame: AVATAR_BOX }))).author.avatarFrame).toBe(
      AVATAR_BOX,
    );
    expect(toDetailComment(decode(Comment, comment())).author.avatarFrame).toBeNull();
  });

  it('people: search users, followers and following, a profile', () => {
    expect(toUserCard(decode(UserCard, user({ avatar_frame: AVATAR_BOX }))).avatarFrame).toBe(AVATAR_BOX);
    expect(toUserCard(decode(UserCard, user())).avatarFrame).toBeNull();
    expect(toPerson(decode(UserCard, user({ avatar_frame: AVATAR_BOX }))).avatarFrame).toBe(AVATAR_BOX);
    expect(toPerson(decode(UserCard, user({ avatar_frame: null }))).avatarFrame).toBeNull();
    expect(toProfile(decode(Profile, profile({ avatar_frame: AVATAR_BOX }))).avatarFrame).toBe(AVATAR_BOX);
    expect(toProfile(decode(Profile, profile())).avatarFrame).toBeNull();
  });
});

describe('the queue: the production box worn on a task', () => {
  const item = (over: Record<string, unknown> = {}) =>
    decode(TaskItem, {
      id: 't1',
      status: 3,
      process: 100,
      status_desc: 'done',
      img_uris: [],
      estimate_time: 0,
      create_at: 1,
      domain_type: 0,
      prompt: 'p',
      aspect_ratio: '1:1',
      ...over,
    });
  it('decodes with the field absent, null or a string, and the snapshot carries only a string', () => {
    expect(toTaskSnapshot(item({ production_frame: PRODUCTION_BOX }), false).productionFrame).toBe(
      PRODUCTION_BOX,
    );
    expect(toTaskSnapshot(item({ production_frame: null }), false).productionFrame).toBeUndefined();
    expect(toTaskSnapshot(item(), false).productionFrame).toBeUndefined();
    expect(E.isLeft(TaskItem.decode({ ...item(), production_frame: 3 }))).toBe(true);
  });
});
