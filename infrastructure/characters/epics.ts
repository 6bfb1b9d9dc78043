/**
 * Character epics (spec §2 character routes newCharacter, myCharacters, tavernSearch,
 * CharacterDetail, tavernChatsHome; §7 digital person defaults, templates by gender): one call
 * each, its answer as domain events, a refusal through the error map. A character the server
 * does not have for the caller (10404) is a lookup that found nothing, so the page is a real 404.
 */
import * as E from 'fp-ts/Either';
import {
  EMPTY,
  concat,
  exhaustMap,
  filter,
  groupBy,
  map,
  mergeMap,
  of,
  switchMap,
  type Observable,
} from 'rxjs';
import { characters } from '../../domain/index.js';
import {
  CHARACTER_PAGE_DEFAULT,
  CHARACTER_PAGE_MAX,
  CharacterCreateRequest,
  CharacterIdRequest,
  CharacterListRequest,
  CharacterSearchRequest,
  CharacterTemplatesRequest,
  CharacterUpdateRequest,
} from '../contract/characters';
import { requestOf } from '../epics/request';
import type { Action, AppEpic } from '../epics/types';
import type { ApiFailure, ApiResult } from '../http/client';
import { reportApiFailure } from '../notices/commands';
import { toChatCharacter } from './mappers';
import {
  deleteCharacter,
  loadCharacter,
  loadCharacterDefaults,
  loadCharacterTemplates,
  loadChats,
  loadMyCharacters,
  resetCharacterForm,
  saveCharacter,
  searchCharacters,
  loadCharacters,
} from './commands';

const NOT_FOUND = 10404;

const isMissing = (f: ApiFailure): boolean => f.kind === 'api' && f.code === NOT_FOUND;

/** Decodes a request with its codec; a request that fails it never leaves the client. */
/** Runs a call and maps its answer; a failure becomes `onFailure` plus the error map's report. */
const call = <R>(
  call$: Observable<ApiResult<R>>,
  onSuccess: (r: R) => readonly Action[],
  onFailure: (f: ApiFailure) => readonly Action[],
  report: (f: ApiFailure) => boolean = () => true,
): Observable<Action> =>
  call$.pipe(
    mergeMap((result) =>
      E.isLeft(result)
        ? of(
            ...onFailure(result.left),
            ...(report(result.left) ? [reportApiFailure({ failure: result.left })] : []),
          )
        : of(...onSuccess(result.right)),
    ),
  );

/**
 * The character directory: the first page of every character the caller may chat with (the
 * server caps a page at 50; the seeded platform has a dozen). A load already running is not
 * started again; a failure keeps what was shown and goes through the error map.
 */
const DIRECTORY_REQUEST = CharacterListRequest.decode({ scope: 'all', limit: CHARACTER_PAGE_MAX });

export const loadCharactersEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(loadCharacters.match),
    exhaustMap(() =>
      concat(
        of(characters.characterListRequested({})),
        (E.isRight(DIRECTORY_REQUEST)
          ? deps.characters.api.listCharacters(DIRECTORY_REQUEST.right)
          : EMPTY
        ).pipe(
          mergeMap((result) =>
            E.isLeft(result)
              ? of(characters.characterListFailed({}), reportApiFailure({ failure: result.left }))
              : of(characters.characterListLoaded({ items: result.right.items.map(toChatCharacter) })),
          ),
        ),
      ),
    ),
  );

export const loadCharacterEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(loadCharacter.match),
    groupBy((a) => a.payload.id),
    mergeMap((byId$) =>
      byId$.pipe(
        exhaustMap(({ payload }) => {
          const request = requestOf(CharacterIdRequest, { id: payload.id });
          if (request === null) return of(characters.lookupFailed({ id: payload.id, missing: true }));
          const known = characters.selectCharacter(state$.value.characters, payload.id) !== null;
          return concat(
            known ? EMPTY : of(characters.lookupRequested({ id: payload.id })),
            call(
              deps.characters.api.characterDetail(request),
              (r) => [characters.characterReceived({ character: toChatCharacter(r.item) })],
              (f) => [characters.lookupFailed({ id: payload.id, missing: isMissing(f) })],
              // A missing character is the page's 404, not a toast.
              (f) => !isMissing(f),
            ),
          );
        }),
      ),
    ),
  );

const MINE_REQUEST = { scope: 'mine', limit: CHARACTER_PAGE_MAX };

export const loadMyCharactersEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(loadMyCharacters.match),
    exhaustMap(() => {
      const request = requestOf(CharacterListRequest, MINE_REQUEST);
      if (request === null) return EMPTY;
      return concat(
        of(characters.mineRequested({})),
        call(
          deps.characters.api.listCharacters(request),
          (r) => [characters.mineLoaded({ items: r.items.map(toChatCharacter) })],
          () => [characters.mineFailed({})],
        ),
      );
    }),
  );

/** A new keyword abandons the running search (switchMap); the next page continues the shown one. */
export const searchCharactersEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(searchCharacters.match),
    switchMap(({ payload }) => {
      const keyword = payload.keyword.trim();
      const append = payload.append === true;
      const current = characters.selectSearch(state$.value.characters);
      const offset = append && current.keyword === keyword ? current.ids.length : 0;
      const request = requestOf(CharacterSearchRequest, {
        keyword,
        offset,
        limit: CHARACTER_PAGE_DEFAULT,
      });
      if (request === null) return EMPTY;
      return concat(
        of(characters.searchRequested({ keyword, append })),
        call(
          deps.characters.api.searchCharacters(request),
          (r) => [
            characters.searchLoaded({
              keyword,
              items: r.items.map(toChatCharacter),
              hasMore: r.has_more,
              append,
            }),
          ],
          () => [characters.searchFailed({ keyword })],
        ),
      );
    }),
  );

/** The wire fields of a form (the same names on create and update). */
const fieldsOf = (form: characters.CharacterForm) => ({
  name: form.name.trim(),
  intro: form.intro,
  greeting: form.greeting,
  character_type: form.characterType,
  init_mem_num: form.initMemNum,
  support_voice: form.supportVoice,
  voice: form.voice,
  gender: form.gender,
  is_public: form.isPublic,
});

export const saveCharacterEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(saveCharacter.match),
    exhaustMap(({ payload }) => {
      if (characters.validateCharacterForm(payload.form).length > 0) return EMPTY;
      const cover = payload.coverFileId === undefined ? {} : { cover_file_id: payload.coverFileId };
      const saved = (r: { readonly item: Parameters<typeof toChatCharacter>[0] }) => [
        characters.characterSaved({ character: toChatCharacter(r.item) }),
      ];
      const failed = () => [characters.saveFailed({})];
      if (payload.id === undefined) {
        const request = requestOf(CharacterCreateRequest, { ...fieldsOf(payload.form), ...cover });
        if (request === null) return of(characters.saveFailed({}));
        return concat(
          of(characters.saveRequested({})),
          call(deps.characters.api.createCharacter(request), saved, failed),
        );
      }
      const request = requestOf(CharacterUpdateRequest, {
        id: payload.id,
        ...fieldsOf(payload.form),
        ...cover,
      });
      if (request === null) return of(characters.saveFailed({}));
      return concat(
        of(characters.saveRequested({})),
        call(deps.characters.api.updateCharacter(request), saved, failed),
      );
    }),
  );

export const resetCharacterFormEpic: AppEpic = (action$) =>
  action$.pipe(
    filter(resetCharacterForm.match),
    map(() => characters.formReset({})),
  );

export const deleteCharacterEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(deleteCharacter.match),
    groupBy((a) => a.payload.id),
    mergeMap((byId$) =>
      byId$.pipe(
        exhaustMap(({ payload }) => {
          const request = requestOf(CharacterIdRequest, { id: payload.id });
          if (request === null) return EMPTY;
          return concat(
            of(characters.deleteRequested({ id: payload.id })),
            call(
              deps.characters.api.deleteCharacter(request),
              () => [characters.characterDeleted({ id: payload.id })],
              // Already gone is what was asked for.
              (f) =>
                isMissing(f)
                  ? [characters.characterDeleted({ id: payload.id })]
                  : [characters.deleteFailed({ id: payload.id })],
              (f) => !isMissing(f),
            ),
          );
        }),
      ),
    ),
  );

export const loadCharacterDefaultsEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(loadCharacterDefaults.match),
    filter(() => characters.selectDefaults(state$.value.characters).status !== 'loaded'),
    exhaustMap(() =>
      call(
        deps.characters.api.characterDefaults(),
        (r) => [
          characters.defaultsLoaded({
            presets: r.girlfriend_list.map((p) => ({
              id: p.id,
              name: p.name,
              intro: p.intro,
              greeting: p.greeting,
              gender: p.gender,
              voice: p.voice,
              characterType: p.character_type,
              initMemNum: p.init_mem_num,
            })),
            initMemNum: r.default_init_mem_num,
            characterType: r.default_character_type,
          }),
        ],
        () => [characters.defaultsFailed({})],
      ),
    ),
  );

export const loadCharacterTemplatesEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(loadCharacterTemplates.match),
    filter(
      ({ payload }) =>
        characters.selectTemplates(state$.value.characters, payload.gender)?.status !== 'loaded',
    ),
    groupBy((a) => a.payload.gender),
    mergeMap((byGender$) =>
      byGender$.pipe(
        exhaustMap(({ payload }) => {
          const request = requestOf(CharacterTemplatesRequest, { gender: payload.gender });
          if (request === null) return EMPTY;
          return call(
            deps.characters.api.characterTemplates(request),
            (r) => [characters.templatesLoaded({ gender: r.gender, items: r.items })],
            () => [characters.templatesFailed({ gender: payload.gender })],
          );
        }),
      ),
    ),
  );

export const loadChatsEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(loadChats.match),
    exhaustMap(() =>
      concat(
        of(characters.chatsRequested({})),
        call(
          deps.chat.api.chatSessions(),
          (r) => [
            characters.chatsLoaded({
              characters: r.items.map((i) => toChatCharacter(i.character)),
              items: r.items.map((i) => ({
                sessionId: i.session_id,
                characterId: i.character.id,
                lastMessage: i.last_message,
                lastAt: i.last_at,
              })),
            }),
          ],
          () => [characters.chatsFailed({})],
        ),
      ),
    ),
  );

export const characterEpics = [
  loadCharactersEpic,
  loadCharacterEpic,
  loadMyCharactersEpic,
  searchCharactersEpic,
  saveCharacterEpic,
  resetCharacterFormEpic,
  deleteCharacterEpic,
  loadCharacterDefaultsEpic,
  loadCharacterTemplatesEpic,
  loadChatsEpic,
] as const;
