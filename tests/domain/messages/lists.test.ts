import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as messages from '../../../domain/messages/index.js';
import { givenIn } from '../../support/context-spec.js';

const given = givenIn(messages.messagesContext);
const message = (id: string, isRead = false, type: messages.MessageType = 'likeCol'): messages.Message => ({
  id,
  type,
  action: 'like',
  actor: null,
  objId: null,
  objType: null,
  content: '',
  cover: null,
  isRead,
  createdAt: 0,
});
const page = (ids: readonly [string, boolean][]) =>
  messages.messagePageLoaded({
    type: 'likeCol',
    messages: ids.map(([id, read]) => message(id, read)),
    offset: ids.length,
    hasMore: false,
  });

describe('messages (spec §4 "marking read lowers that type\'s count and the total. Read-all zeroes everything.")', () => {
  it('reading one unread message lowers its type and the total by one; reading a read one lowers nothing', () => {
    const base = [
      messages.unreadCountsReceived({ counts: { likeCol: 2, com: 1, fol: 0, sys: 0 } }),
      page([
        ['n1', false],
        ['n2', true],
      ]),
    ];
    const one = given(...base).when(messages.messagesRead({ type: 'likeCol', ids: ['n1'] })).state;
    expect(messages.selectUnreadCounts(one)).toEqual({ likeCol: 1, com: 1, fol: 0, sys: 0, total: 2 });
    expect(messages.selectMessageList(one, 'likeCol')?.messages.map((m) => m.isRead)).toEqual([true, true]);
    const again = given(...base).when(messages.messagesRead({ type: 'likeCol', ids: ['n2'] })).state;
    expect(messages.selectTotalUnread(again)).toBe(3);
  });

  it('read-all zeroes every count and shows every listed message read', () => {
    const s = given(
      messages.unreadCountsReceived({ counts: { likeCol: 2, com: 1, fol: 4, sys: 1 } }),
      page([['n1', false]]),
    ).when(messages.allMarkedRead({})).state;
    expect(messages.selectTotalUnread(s)).toBe(0);
    expect(messages.selectMessageList(s, 'likeCol')?.messages[0]?.isRead).toBe(true);
  });

  it('a list keeps only its own type and no message twice', () => {
    const s = given(page([['n1', false]])).when(
      messages.messagePageLoaded({
        type: 'likeCol',
        messages: [message('n1'), message('n2'), message('x', false, 'fol')],
        offset: 3,
        hasMore: false,
      }),
    ).state;
    expect(messages.selectMessageList(s, 'likeCol')?.messages.map((m) => m.id)).toEqual(['n1', 'n2']);
  });

  it('property: counts stay non-negative with total the sum, whatever is read', () => {
    const id = fc.constantFrom('n1', 'n2', 'n3');
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.array(id, { maxLength: 3 }).map((ids) => messages.messagesRead({ type: 'likeCol', ids })),
            fc.constant(messages.allMarkedRead({})),
            fc
              .tuple(fc.nat(5), fc.nat(5))
              .map(([a, b]) =>
                messages.unreadCountsReceived({ counts: { likeCol: a, com: b, fol: 0, sys: 0 } }),
              ),
            fc.constant(
              page([
                ['n1', false],
                ['n2', false],
                ['n3', true],
              ]),
            ),
          ),
          { maxLength: 20 },
        ),
        (events) => {
          expect(given().when(...events).violation).toBeNull();
        },
      ),
    );
  });
});

describe('messages: "time ago" is measured from the moment the list arrived (the event time, not the view\'s clock)', () => {
  it('a loaded page records its arrival time; a later page moves it on', () => {
    const first = given(
      messages.messagePageLoaded(
        { type: 'likeCol', messages: [message('a')], offset: 1, hasMore: true },
        5_000,
      ),
    );
    expect(messages.selectMessageList(first.state, 'likeCol')?.receivedAt).toBe(5_000);
    const more = first.when(
      messages.messagePageLoaded(
        { type: 'likeCol', messages: [message('b')], offset: 2, hasMore: false },
        9_000,
      ),
    );
    expect(messages.selectMessageList(more.state, 'likeCol')?.receivedAt).toBe(9_000);
  });
});
