/**
 * Chat routes: open a session, its history, the session list, online search and instructions of a
 * session, deleting a message, a reply's voice (WAV), and the socket.io chat server at /im/v1
 * attached to the same HTTP server (server/chat/socket.ts). Paths and shapes are documented in
 * infrastructure/contract/{characters,streaming}.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  CHAT_HISTORY_PATH,
  CHAT_INSTRUCTIONS_PATH,
  CHAT_MESSAGE_DELETE_PATH,
  CHAT_ONLINE_SEARCH_PATH,
  CHAT_SESSION_LIST_PATH,
  CHAT_SESSION_OPEN_PATH,
  chatVoicePath,
  ChatHistoryRequest,
  ChatInstructionsRequest,
  ChatMessageDeleteRequest,
  ChatOnlineSearchRequest,
  ChatSessionOpenRequest,
  type ChatMessageDeleteResponse,
} from '../../infrastructure/contract/characters';
import { requireAccount } from '../auth';
import { listSessions, readSettings } from '../characters/tavern';
import type { ServerContext } from '../context';
import { asBuffer, runEngine } from '../engines/pool';
import { ApiError, CODES, decodeBody, ok } from '../envelope';
import { attachChatSocket } from './socket';
import { historyPage, openSession, ownedSession, voiceSource } from './sessions';

export const chatRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  attachChatSocket(app, ctx);

  app.post(CHAT_SESSION_OPEN_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(ChatSessionOpenRequest, req.body);
    return ok(await openSession(ctx, accountId, body.character_id));
  });

  app.post(CHAT_HISTORY_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(ChatHistoryRequest, req.body);
    return ok(await historyPage(ctx.db, accountId, body));
  });

  app.post(CHAT_SESSION_LIST_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    return ok(await listSessions(ctx.db, accountId));
  });

  app.post(CHAT_ONLINE_SEARCH_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(ChatOnlineSearchRequest, req.body);
    await ownedSession(ctx.db, accountId, body.session_id);
    await ctx.db.query('UPDATE chat_sessions SET on_line_search = $2 WHERE id = $1', [
      body.session_id,
      body.on_line_search,
    ]);
    return ok(await readSettings(ctx.db, body.session_id));
  });

  app.post(CHAT_INSTRUCTIONS_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(ChatInstructionsRequest, req.body);
    await ownedSession(ctx.db, accountId, body.session_id);
    const clear = body.content.trim() === '';
    await ctx.db.query(
      'UPDATE chat_sessions SET instruction_title = $2, instruction_content = $3 WHERE id = $1',
      [body.session_id, clear ? '' : body.title.trim(), clear ? '' : body.content.trim()],
    );
    return ok(await readSettings(ctx.db, body.session_id));
  });

  app.post(CHAT_MESSAGE_DELETE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(ChatMessageDeleteRequest, req.body);
    await ownedSession(ctx.db, accountId, body.session_id);
    // Deleting twice is not an error: the second time there is nothing left (deleted false).
    const gone = await ctx.db.query<{ id: string }>(
      'DELETE FROM chat_messages WHERE id = $1 AND session_id = $2 RETURNING id',
      [body.id, body.session_id],
    );
    const response: ChatMessageDeleteResponse = { id: body.id, deleted: gone.length > 0 };
    return ok(response);
  });

  app.get<{ Params: { id: string } }>(chatVoicePath(':id'), async (req, reply) => {
    const accountId = requireAccount(req.caller);
    const source = await voiceSource(ctx.db, accountId, req.params.id);
    if (!source) throw new ApiError(CODES.notFound, 'no voice for this message');
    const { wav } = await runEngine('speechWav', {
      text: source.content,
      voice: source.voice,
      emotion: 'neutral',
    });
    return reply
      .header('content-type', 'audio/wav')
      .header('cache-control', 'private, max-age=3600')
      .send(asBuffer(wav));
  });
};
