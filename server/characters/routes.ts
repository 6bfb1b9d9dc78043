/**
 * Character routes: list, detail, search, the creation form's defaults and templates, create,
 * update, delete, and the generated cover pictures. Paths and shapes are documented in
 * infrastructure/contract/characters.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  CHARACTER_CREATE_PATH,
  CHARACTER_DEFAULTS_PATH,
  CHARACTER_DELETE_PATH,
  CHARACTER_SEARCH_PATH,
  CHARACTER_TEMPLATES_PATH,
  CHARACTER_DETAIL_PATH,
  CHARACTER_LIST_PATH,
  CHARACTER_PAGE_DEFAULT,
  CHARACTER_UPDATE_PATH,
  CharacterCreateRequest,
  CharacterIdRequest,
  CharacterListRequest,
  CharacterSearchRequest,
  CharacterTemplatesRequest,
  CharacterUpdateRequest,
  type CharacterDefaultsResponse,
  type CharacterListResponse,
  type CharacterSearchRequest as SearchRequest,
  type CharacterTemplatesResponse,
} from '../../infrastructure/contract/characters';
import { newId, requireAccount, type Caller } from '../auth';
import type { ServerContext } from '../context';
import { ApiError, CODES, decodeBody, ok } from '../envelope';
import {
  CHARACTER_SELECT,
  characterCoverRoute,
  findCharacter,
  toCharacter,
  visibleTo,
  type CharacterRow,
} from './characters';
import { GIRLFRIEND_LIST, coverUrlOf, searchCharacters, templatesFor } from './tavern';

/** The character `id` if the caller owns it: 10404 when there is none, 10403 when it is not theirs. */
const ownedCharacter = async (ctx: ServerContext, accountId: string, id: string): Promise<CharacterRow> => {
  const row = await findCharacter(ctx.db, id);
  if (!row) throw new ApiError(CODES.notFound, 'no such character');
  if (row.owner_id !== accountId) throw new ApiError(CODES.forbidden, 'this character is not yours');
  return row;
};

/** The character as its viewer sees it, read again after a write (10404 if it went meanwhile). */
const characterItem = async (ctx: ServerContext, id: string, viewer: string) => {
  const row = await findCharacter(ctx.db, id);
  if (!row) throw new ApiError(CODES.notFound, 'no such character');
  return ok({ item: toCharacter(row, viewer) });
};

/** A page of the characters the caller may see, of one scope (all, official, mine). */
const listCharacters = async (ctx: ServerContext, caller: Caller, body: CharacterListRequest) => {
  const viewer = caller.accountId;
  const scope = body.scope ?? 'all';
  if (scope === 'mine') requireAccount(caller);
  const offset = body.offset ?? 0;
  const limit = body.limit ?? CHARACTER_PAGE_DEFAULT;
  const params: unknown[] = [viewer];
  // Another account's private character is listed for nobody but its owner.
  const where: string[] = [visibleTo('$1')];
  if (scope === 'official') where.push('c.owner_id IS NULL');
  if (scope === 'mine') where.push('c.owner_id = $1');
  if (body.character_type !== undefined) {
    params.push(body.character_type);
    where.push(`c.character_type = $${params.length}`);
  }
  params.push(limit + 1, offset);
  const rows = await ctx.db.query<CharacterRow>(
    `${CHARACTER_SELECT} WHERE ${where.join(' AND ')}
     ORDER BY c.is_official_agent DESC, c.rank DESC, c.created_at DESC, c.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const page = rows.slice(0, limit);
  const response: CharacterListResponse = {
    items: page.map((r) => toCharacter(r, viewer)),
    offset: (offset + page.length) as CharacterListResponse['offset'],
    has_more: rows.length > limit,
  };
  return response;
};

const createCharacter = async (ctx: ServerContext, accountId: string, body: CharacterCreateRequest) => {
  const id = `chr_${newId()}`;
  const now = ctx.clock.now();
  const coverUrl =
    body.cover_file_id == null ? null : await coverUrlOf(ctx.db, accountId, body.cover_file_id);
  // is_official_agent is never taken from a client: only the platform's own agents carry it.
  await ctx.db.query(
    `INSERT INTO characters (id, owner_id, name, intro, greeting, character_type, init_mem_num, support_voice,
       is_official_agent, voice, cover_prompt, corpus, rank, created_at, updated_at, cover_url, gender, is_public)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false, $9, $10, $11, 0, $12, $12, $13, $14, $15)`,
    [
      id,
      accountId,
      body.name.trim(),
      body.intro,
      body.greeting ?? '',
      body.character_type,
      body.init_mem_num ?? 0,
      body.support_voice ?? false,
      body.voice ?? 'female',
      body.cover_prompt ?? '',
      [body.greeting ?? '', body.intro].join('\n'),
      now,
      coverUrl,
      body.gender ?? 'female',
      body.is_public ?? true,
    ],
  );
  return id;
};

const updateCharacter = async (ctx: ServerContext, accountId: string, body: CharacterUpdateRequest) => {
  const current = await ownedCharacter(ctx, accountId, body.id);
  const next = {
    name: body.name?.trim() ?? current.name,
    intro: body.intro ?? current.intro,
    greeting: body.greeting ?? current.greeting,
    character_type: body.character_type ?? current.character_type,
    init_mem_num: body.init_mem_num ?? current.init_mem_num,
    support_voice: body.support_voice ?? current.support_voice,
    voice: body.voice ?? current.voice,
    cover_prompt: body.cover_prompt ?? current.cover_prompt,
    gender: body.gender ?? current.gender,
    is_public: body.is_public ?? current.is_public,
    // Absent keeps the cover, null puts the generated one back, an id takes that upload.
    cover_url:
      body.cover_file_id === undefined
        ? current.cover_url
        : body.cover_file_id === null
          ? null
          : await coverUrlOf(ctx.db, accountId, body.cover_file_id),
  };
  await ctx.db.query(
    `UPDATE characters SET name = $2, intro = $3, greeting = $4, character_type = $5, init_mem_num = $6, support_voice = $7,
       voice = $8, cover_prompt = $9, corpus = $10, updated_at = $11, gender = $13, is_public = $14, cover_url = $15
     WHERE id = $1 AND owner_id = $12`,
    [
      body.id,
      next.name,
      next.intro,
      next.greeting,
      next.character_type,
      next.init_mem_num,
      next.support_voice,
      next.voice,
      next.cover_prompt,
      [next.greeting, next.intro].join('\n'),
      ctx.clock.now(),
      accountId,
      next.gender,
      next.is_public,
      next.cover_url,
    ],
  );
};

export const characterRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  characterCoverRoute(app, ctx);

  app.post(CHARACTER_LIST_PATH, async (req) =>
    ok(await listCharacters(ctx, req.caller, decodeBody(CharacterListRequest, req.body))),
  );

  app.post(CHARACTER_DETAIL_PATH, async (req) => {
    const body = decodeBody(CharacterIdRequest, req.body);
    const row = await findCharacter(ctx.db, body.id);
    if (!row || (!row.is_public && row.owner_id !== req.caller.accountId))
      throw new ApiError(CODES.notFound, 'no such character');
    return ok({ item: toCharacter(row, req.caller.accountId) });
  });

  app.post(CHARACTER_SEARCH_PATH, async (req) => {
    const body: SearchRequest = decodeBody(CharacterSearchRequest, req.body);
    return ok(await searchCharacters(ctx.db, req.caller.accountId, body, CHARACTER_PAGE_DEFAULT));
  });

  app.post(CHARACTER_DEFAULTS_PATH, async () => {
    const response: CharacterDefaultsResponse = {
      girlfriend_list: [...GIRLFRIEND_LIST],
      default_init_mem_num: 40 as CharacterDefaultsResponse['default_init_mem_num'],
      default_character_type: 0,
    };
    return ok(response);
  });

  app.post(CHARACTER_TEMPLATES_PATH, async (req) => {
    const body = decodeBody(CharacterTemplatesRequest, req.body);
    const response: CharacterTemplatesResponse = {
      gender: body.gender,
      items: [...templatesFor(body.gender)],
    };
    return ok(response);
  });

  app.post(CHARACTER_CREATE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(CharacterCreateRequest, req.body);
    return characterItem(ctx, await createCharacter(ctx, accountId, body), accountId);
  });

  app.post(CHARACTER_UPDATE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(CharacterUpdateRequest, req.body);
    await updateCharacter(ctx, accountId, body);
    return characterItem(ctx, body.id, accountId);
  });

  app.post(CHARACTER_DELETE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(CharacterIdRequest, req.body);
    await ownedCharacter(ctx, accountId, body.id);
    // Its chat sessions and their messages go with it (ON DELETE CASCADE).
    await ctx.db.query('DELETE FROM characters WHERE id = $1 AND owner_id = $2', [body.id, accountId]);
    return ok({ id: body.id });
  });
};
