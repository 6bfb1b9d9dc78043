/**
 * The chat rules issue 14 adds: history paging by the server's word (spec §7 history; §9 pages of
 * 100 and 80), deleting with an undo window, attachments of spec §5 chat file types, the message
 * validity rule for spoken replies (spec §5), settings (spec §7 on_line_search, second
 * instructions), and the text a voice speaks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as chat from '../../../domain/chat/index.js';
import { givenIn } from '../../support/context-spec.js';

const given = givenIn(chat.chatContext);
const S = 's1';
const open = chat.sessionOpened({ sessionId: S, channelId: 'ch1' });
const msg = (serverId: string, createAt: number, over: Partial<chat.IncomingChatMessage> = {}) => ({
  serverId,
  clientId: null,
  role: 'assistant' as const,
  content: `text ${serverId}`,
  createAt,
  name: 'Luna',
  nameKey: null,
  isOfficialAgent: false,
  ...over,
});
const page = (ids: readonly string[], older?: { hasMore: boolean }) =>
  chat.historyLoaded({
    sessionId: S,
    messages: ids.map((id, i) => msg(id, 10 * (i + 1))),
    ...(older === undefined ? {} : { older }),
  });
const ref = (clientId: string) => ({ sessionId: S, clientId });

describe('"older" history is offered only while the server says there is more (spec §7 paging)', () => {
  it('follows has_more of the first page and of each older page, whatever the page size', () => {
    expect(chat.selectOffersOlderHistory(given(open, page(['a'], { hasMore: true })).state)).toBe(true);
    // A full page of 80 with nothing older is not "older" any more (the old heuristic said yes).
    const full = Array.from({ length: 80 }, (_, i) => `m${i}`);
    expect(chat.selectOffersOlderHistory(given(open, page(full, { hasMore: false })).state)).toBe(false);
    const { state } = given(open, page(['c', 'd'], { hasMore: true })).when(
      page(['a', 'b'], { hasMore: false }),
    );
    expect(chat.selectOffersOlderHistory(state)).toBe(false);
  });

  it('a page merged after a reconnection says nothing about older ones', () => {
    const { state } = given(open, page(['c', 'd'], { hasMore: true })).when(page(['d', 'e']));
    expect(chat.selectOffersOlderHistory(state)).toBe(true);
    expect(chat.selectOffersOlderHistory(chat.initialChatState)).toBe(false);
  });
});

describe('deleting a message can be undone (hidden at once, gone only when the server deleted it)', () => {
  const shown = (s: chat.ChatState) => chat.selectVisibleChatMessages(s).map((m) => m.serverId);

  it('hides it, brings it back on undo, and removes it for good once deleted; the invariants hold', () => {
    const g = given(open, page(['a', 'b', 'c']));
    const hidden = g.when(chat.messageDeleteRequested(ref('srv:b')));
    expect(hidden.violation).toBeNull();
    expect(shown(hidden.state)).toEqual(['a', 'c']);
    expect(chat.selectChatMessages(hidden.state)).toHaveLength(3);
    expect(chat.selectPendingDeletes(hidden.state)).toEqual(['srv:b']);
    const undone = g.when(chat.messageDeleteRequested(ref('srv:b')), chat.messageDeleteUndone(ref('srv:b')));
    expect(shown(undone.state)).toEqual(['a', 'b', 'c']);
    const gone = g.when(chat.messageDeleteRequested(ref('srv:b')), chat.messageDeleted(ref('srv:b')));
    expect(gone.violation).toBeNull();
    expect(chat.selectChatMessages(gone.state).map((m) => m.serverId)).toEqual(['a', 'c']);
    expect(chat.selectPendingDeletes(gone.state)).toEqual([]);
  });

  it('a history page that still names a deleted message does not bring it back', () => {
    const { state, violation } = given(open, page(['a', 'b'])).when(
      chat.messageDeleteRequested(ref('srv:b')),
      chat.messageDeleted(ref('srv:b')),
      page(['a', 'b']),
      chat.messageReceived({ sessionId: S, message: msg('b', 20) }),
    );
    expect(violation).toBeNull();
    expect(chat.selectChatMessages(state).map((m) => m.serverId)).toEqual(['a']);
  });

  it('a message that disappears any other way breaks noMessageLost; a stray pending delete is caught', () => {
    const before = given(open, page(['a'])).state;
    const after = given(open).state;
    const e = { type: 'chat/historyLoaded', payload: {}, meta: { seq: 1, at: 1 } };
    expect(chat.noMessageLost.check(before, after, e)).toBe('message srv:a disappeared');
    const deletedEvent = { type: 'chat/messageDeleted', payload: ref('srv:a'), meta: { seq: 1, at: 1 } };
    expect(chat.noMessageLost.check(before, after, deletedEvent)).toBeNull();
    const stray = { ...(before as chat.OpenChatState), pendingDeletes: ['nope'] };
    expect(chat.pendingDeletesShown.check(before, stray, e)).toBe('pending delete nope names no message');
  });

  it('property: a delete requested then undone leaves what is shown as it was', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { minLength: 1 }),
        fc.nat(),
        (ids, n) => {
          const g = given(open, page(ids));
          const target = `srv:${ids[n % ids.length]}`;
          const { state, violation } = g.when(
            chat.messageDeleteRequested(ref(target)),
            chat.messageDeleteUndone(ref(target)),
          );
          expect(violation).toBeNull();
          expect(chat.selectVisibleChatMessages(state)).toEqual(chat.selectVisibleChatMessages(g.state));
        },
      ),
    );
  });

  it('only messages the server knows and that are not being written can be deleted', () => {
    const { state } = given(
      open,
      chat.messageSent({ sessionId: S, clientId: 'c1', content: 'hi', createAt: 5 }),
      chat.replyStarted({
        sessionId: S,
        clientId: 'r1',
        createAt: 6,
        name: null,
        nameKey: null,
        isOfficialAgent: false,
      }),
      page(['a']),
    );
    const by = (id: string) => chat.selectChatMessages(state).find((m) => m.clientId === id)!;
    expect(chat.canDeleteMessage(by('c1'))).toBe(false);
    expect(chat.canDeleteMessage(by('r1'))).toBe(false);
    expect(chat.canDeleteMessage(by('srv:a'))).toBe(true);
    expect(chat.DELETE_UNDO_MS).toBe(5000);
  });
});

describe('spec §5 "Chat file types: png, jpg, jpeg, txt, pdf, word, json, markdown, excel"', () => {
  it('a message is sendable with text or a file; blank text without a file is not', () => {
    expect(chat.chatSendProblem('', 0)).toBe('empty');
    expect(chat.chatSendProblem('  ', 0)).toBe('empty');
    expect(chat.chatSendProblem('', 1)).toBeNull();
    expect(chat.chatSendProblem('hi', 0)).toBeNull();
    expect(chat.chatSendProblem('x'.repeat(chat.CHAT_CONTENT_MAX + 1), 0)).toBe('tooLong');
    expect(chat.chatSendProblem('hi', chat.CHAT_ATTACHMENTS_MAX + 1)).toBe('tooManyFiles');
  });

  it('the picker accepts every listed extension and nothing else', () => {
    const accept = chat.chatFileAccept().split(',');
    expect(accept.sort()).toEqual(
      ['.png', '.jpg', '.jpeg', '.txt', '.pdf', '.doc', '.docx', '.json', '.md', '.xls', '.xlsx'].sort(),
    );
  });

  it('a sent message keeps its files, and the server copy without files does not drop them', () => {
    const file: chat.ChatAttachment = { fileId: 'f1', name: 'r.pdf', kind: 'pdf', url: '/u/r.pdf', size: 9 };
    const { state } = given(
      open,
      chat.messageSent({ sessionId: S, clientId: 'c1', content: '', createAt: 5, attachments: [file] }),
    ).when(
      chat.messageReceived({
        sessionId: S,
        message: msg('m9', 5, { clientId: 'c1', role: 'user', content: '' }),
      }),
    );
    expect(chat.selectChatMessages(state)[0]?.attachments).toEqual([file]);
  });
});

describe('voice replies (spec §7 SSE audio stream; §3 support_voice; §5 validity)', () => {
  it('only a valid reply is spoken: not the refusal, not one being written, not a user message', () => {
    const { state } = given(
      open,
      page(['a']),
      chat.messageReceived({ sessionId: S, message: msg('r', 30, { content: 'Refuse to answer' }) }),
      chat.messageSent({ sessionId: S, clientId: 'c1', content: 'hello', createAt: 40 }),
    );
    const by = (id: string) => chat.selectChatMessages(state).find((m) => m.clientId === id)!;
    expect(chat.canSpeakMessage(by('srv:a'))).toBe(true);
    expect(chat.canSpeakMessage(by('srv:r'))).toBe(false);
    expect(chat.canSpeakMessage(by('c1'))).toBe(false);
  });

  it('speaks at most `max` characters, cut at a word', () => {
    expect(chat.voiceTextOf('  ', 500)).toBeNull();
    expect(chat.voiceTextOf('short text', 500)).toBe('short text');
    expect(chat.voiceTextOf('one two three four', 12)).toBe('one two');
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 1, max: 50 }), (text, max) => {
        const spoken = chat.voiceTextOf(text, max);
        if (spoken !== null) expect(spoken.length).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('records what is speaking and whether replies are voiced; settings replace each other', () => {
    const { state } = given(open, page(['a'])).when(
      chat.voiceRequested(ref('srv:a')),
      chat.voiceRepliesChosen({ sessionId: S, enabled: false }),
      chat.settingsChanged({ sessionId: S, onlineSearch: true, instruction: { title: 't', content: 'c' } }),
    );
    expect(chat.selectSpeaking(state)).toBe('srv:a');
    expect(chat.selectVoiceReplies(state)).toBe(false);
    expect(chat.selectChatSettings(state)).toEqual({
      onlineSearch: true,
      instruction: { title: 't', content: 'c' },
    });
    expect(chat.selectVoiceReplies(given(open).state)).toBe(true);
  });
});
