import type { Invariant } from '../kernel/invariant.js';
import type { ChatState } from './state.js';

/** No message is shown twice: client ids are unique, and so are the server ids that are known. */
export const messagesUnique: Invariant<ChatState> = {
  name: 'messagesUnique',
  check: (_before, after) => {
    if (after.status !== 'open') return null;
    const clientIds = new Set<string>();
    const serverIds = new Set<string>();
    for (const m of after.messages) {
      if (clientIds.has(m.clientId)) return `message ${m.clientId} is listed twice`;
      clientIds.add(m.clientId);
      if (m.serverId === null) continue;
      if (serverIds.has(m.serverId)) return `server message ${m.serverId} is listed twice`;
      serverIds.add(m.serverId);
    }
    return null;
  },
};

/** Messages stay in time order (ties in arrival order, which no check can see). */
export const messagesOrdered: Invariant<ChatState> = {
  name: 'messagesOrdered',
  check: (_before, after) => {
    if (after.status !== 'open') return null;
    for (let i = 1; i < after.messages.length; i++) {
      const prev = after.messages[i - 1];
      const next = after.messages[i];
      if (prev && next && next.createAt < prev.createAt)
        return `message ${next.clientId} is shown before the earlier ${prev.clientId}`;
    }
    return null;
  },
};

/**
 * While the same session stays open, a message once shown is never lost, reconnects included; the
 * one way out is the server's confirmation that the person deleted it (`chat/messageDeleted`).
 */
export const noMessageLost: Invariant<ChatState> = {
  name: 'noMessageLost',
  check: (before, after, event) => {
    if (before.status !== 'open' || after.status !== 'open') return null;
    if (before.sessionId !== after.sessionId) return null;
    const kept = new Set(after.messages.map((m) => m.clientId));
    const deleted =
      event.type === 'chat/messageDeleted' ? (event.payload as { clientId?: unknown }).clientId : null;
    const lost = before.messages.find((m) => !kept.has(m.clientId) && m.clientId !== deleted);
    return lost ? `message ${lost.clientId} disappeared` : null;
  },
};

/** A message waits for its delete only while it is shown; a pending delete names a message of the list. */
export const pendingDeletesShown: Invariant<ChatState> = {
  name: 'pendingDeletesShown',
  check: (_before, after) => {
    if (after.status !== 'open') return null;
    const ids = new Set(after.messages.map((m) => m.clientId));
    const stray = after.pendingDeletes.find((id) => !ids.has(id));
    return stray === undefined ? null : `pending delete ${stray} names no message`;
  },
};

/** A streamed reply only grows while streaming: a token is appended, never rewritten. */
export const streamingOnlyAppends: Invariant<ChatState> = {
  name: 'streamingOnlyAppends',
  check: (before, after) => {
    if (before.status !== 'open' || after.status !== 'open') return null;
    for (const m of after.messages) {
      if (m.phase.status !== 'streaming') continue;
      const prev = before.messages.find((b) => b.clientId === m.clientId);
      if (prev && prev.phase.status === 'streaming' && !m.content.startsWith(prev.content))
        return `streaming reply ${m.clientId} was rewritten`;
    }
    return null;
  },
};

export const chatInvariants = [
  messagesUnique,
  messagesOrdered,
  noMessageLost,
  streamingOnlyAppends,
  pendingDeletesShown,
] as const;
