import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as social from '../../../domain/social/index.js';
import { givenIn } from '../../support/context-spec.js';

const given = givenIn(social.socialContext);
const item: social.ContentItem = {
  id: '1',
  obj_type: 1,
  liked: false,
  collect: null,
  stat: { num_of_like: 3, num_of_collection: 0 },
  author: { id: 'a', is_follow: false },
};
const received = social.itemsReceived({ items: [item] });

describe('a guest’s ask (spec §5 "Liking or collecting requires login, otherwise the login dialog opens")', () => {
  it('is recorded, then replayed or dropped once', () => {
    const intent: social.SocialIntent = { kind: 'like', key: '1:1' };
    const recorded = given().when(social.intentRecorded({ intent })).state;
    expect(social.selectIntent(recorded)).toEqual(intent);
    expect(
      social.selectIntent(
        given(social.intentRecorded({ intent })).when(social.intentReplayed({ intent })).state,
      ),
    ).toBeNull();
    expect(
      social.selectIntent(given(social.intentRecorded({ intent })).when(social.intentDropped({})).state),
    ).toBeNull();
  });

  it('is replayed only once somebody is signed in', () => {
    const intent: social.SocialIntent = { kind: 'follow', authorId: 'a' };
    expect(social.replayableIntent(intent, { status: 'guest' })).toBeNull();
    expect(social.replayableIntent(intent, { status: 'signedIn' })).toEqual(intent);
    expect(social.replayableIntent(null, { status: 'signedIn' })).toBeNull();
  });
});

describe('the outbox (likes, collects and follows made offline)', () => {
  const like = (opId: string): social.QueuedRequest => ({ kind: 'like', opId, key: '1:1', liked: true });

  it('sends at once only online with nothing queued before', () => {
    expect(social.deliveryOf(true, 0)).toBe('send');
    expect(social.deliveryOf(false, 0)).toBe('queue');
    expect(social.deliveryOf(true, 2)).toBe('queue');
  });

  it('keeps the order requests were made in and holds each op once', () => {
    const { state } = given().when(
      social.requestQueued({ request: like('a') }),
      social.requestQueued({ request: like('b') }),
      social.requestQueued({ request: like('a') }),
    );
    expect(social.selectOutbox(state).map((r) => r.opId)).toEqual(['a', 'b']);
    const sent = given(
      social.requestQueued({ request: like('a') }),
      social.requestQueued({ request: like('b') }),
    ).when(social.requestSent({ opId: 'a' })).state;
    expect(social.selectOutbox(sent).map((r) => r.opId)).toEqual(['b']);
  });

  it('property: the outbox is the queued ops minus the sent ones, first-queued order, no repeats', () => {
    const op = fc.constantFrom('a', 'b', 'c', 'd');
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), op), { maxLength: 30 }), (steps) => {
        const events = steps.map(([queue, id]) =>
          queue ? social.requestQueued({ request: like(id) }) : social.requestSent({ opId: id }),
        );
        const out = social.selectOutbox(given().when(...events).state).map((r) => r.opId);
        expect(new Set(out).size).toBe(out.length);
        const model: string[] = [];
        for (const [queue, id] of steps)
          if (queue) {
            if (!model.includes(id)) model.push(id);
          } else model.splice(model.indexOf(id) >>> 0, model.includes(id) ? 1 : 0);
        expect(out).toEqual(model);
      }),
    );
  });

  it('follows the browser’s connectivity (online unless told otherwise)', () => {
    expect(social.selectIsOnline(social.initialSocialState)).toBe(true);
    expect(social.selectIsOnline(given().when(social.connectivityChanged({ online: false })).state)).toBe(
      false,
    );
  });
});

describe('server answers', () => {
  it('the server’s like state corrects a stale view, unless a like is still on its way', () => {
    const settled = given(received).when(
      social.likeStateReceived({ key: '1:1', liked: true, num_of_like: 9 }),
    ).state;
    expect(social.selectContentItem(settled, '1:1')).toMatchObject({ liked: true, stat: { num_of_like: 9 } });
    const busy = given(received, social.likeToggled({ key: '1:1', opId: 'o' })).when(
      social.likeStateReceived({ key: '1:1', liked: false, num_of_like: 0 }),
    );
    expect(busy.violation).toBeNull();
    expect(social.selectContentItem(busy.state, '1:1')).toMatchObject({
      liked: true,
      stat: { num_of_like: 4 },
    });
  });

  it('follow flags from a profile apply, except for an author whose follow is in flight', () => {
    const s = given(social.followToggled({ authorId: 'b', opId: 'o' })).when(
      social.followsReceived({ follows: { a: true, b: false } }),
    ).state;
    expect(social.selectIsFollowing(s, 'a')).toBe(true);
    expect(social.selectIsFollowing(s, 'b')).toBe(true);
    expect(social.selectIsFollowPending(s, 'b')).toBe(true);
  });
});
