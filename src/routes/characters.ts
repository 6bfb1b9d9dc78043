/**
 * The character and tavern addresses (spec §2 route guards: character routes need the tavern
 * permission, tavern routes the ST-tavern test and permission; `src/app/guard.ts` waits for the
 * real flags before deciding). A character's id the server does not have is a real 404.
 */
import { characters } from '../../domain/index.js';
import { conversationModules } from '../../infrastructure/app/registry';
import { whenState } from '../../infrastructure/store/whenState';
import { loadCharacter } from '../../infrastructure/characters/commands';
import { notFound, type AppRoute, type RouteContext } from './types';

/** How long a loader waits for the character before showing the page (which shows the wait). */
const CHARACTER_WAIT_MS = 8000;

/** Asks for the character `id` and settles once it is known, missing (404) or failed (the page retries). */
export const settleCharacter = async ({ store }: RouteContext, id: string): Promise<void> => {
  if (characters.selectCharacter(store.getState().characters, id) === null)
    store.dispatch(loadCharacter({ id }));
  const s = await whenState(
    store,
    (st) => {
      const l = characters.selectCharacterLookup(st.characters, id);
      return l !== null && l.status !== 'loading';
    },
    CHARACTER_WAIT_MS,
  );
  if (characters.selectCharacterLookup(s.characters, id)?.status === 'missing') throw notFound();
};

const modules = conversationModules;

export const characterDetailRoute: AppRoute = {
  path: 'characters/:id',
  meta: { name: 'CharacterDetail', requiresAuth: false },
  titleId: 'title.characterDetail',
  modules,
  page: () => import('../features/characters/pages/CharacterDetailPage'),
  load: (ctx, params) => settleCharacter(ctx, params['id'] ?? ''),
};

export const editCharacterRoute: AppRoute = {
  path: 'characters/:id/edit',
  meta: { name: 'editCharacter', requiresAuth: true },
  titleId: 'title.editCharacter',
  modules,
  page: () => import('../features/characters/pages/EditCharacterPage'),
  load: (ctx, params) => settleCharacter(ctx, params['id'] ?? ''),
};

export const newCharacterRoute: AppRoute = {
  path: 'newCharacter',
  meta: { name: 'newCharacter', requiresAuth: true },
  titleId: 'title.newCharacter',
  modules,
  page: () => import('../features/characters/pages/NewCharacterPage'),
};

export const myCharactersRoute: AppRoute = {
  path: 'myCharacters',
  meta: { name: 'myCharacters', requiresAuth: true },
  titleId: 'title.myCharacters',
  modules,
  page: () => import('../features/characters/pages/MyCharactersPage'),
};

export const tavernSearchRoute: AppRoute = {
  path: 'tavern/search',
  meta: { name: 'tavernSearch', requiresAuth: false },
  titleId: 'title.tavernSearch',
  modules,
  page: () => import('../features/characters/pages/TavernSearchPage'),
};

export const tavernChatsRoute: AppRoute = {
  path: 'tavern/chats',
  meta: { name: 'tavernChatsHome', requiresAuth: true },
  titleId: 'title.tavernChats',
  modules,
  page: () => import('../features/characters/pages/TavernChatsPage'),
};

export const tavernDetailRoute: AppRoute = {
  path: 'tavern/:id',
  meta: { name: 'tavernDetail', requiresAuth: false },
  titleId: 'title.tavernDetail',
  modules,
  page: () => import('../features/characters/pages/TavernDetailPage'),
  load: (ctx, params) => settleCharacter(ctx, params['id'] ?? ''),
};

/** Spec §2 tavernChatRoom: a conversation reached from the tavern; the same room as `/chat/:id`. */
export const tavernChatRoomRoute: AppRoute = {
  path: 'tavern/chats/:characterId',
  meta: { name: 'tavernChatRoom', requiresAuth: false },
  titleId: 'title.chatRoom',
  modules,
  page: () => import('../features/chat/pages/ChatRoomPage'),
  load: (ctx, params) => settleCharacter(ctx, params['characterId'] ?? ''),
};

export const characterRoutes: readonly AppRoute[] = [
  characterDetailRoute,
  editCharacterRoute,
  newCharacterRoute,
  myCharactersRoute,
  tavernSearchRoute,
  tavernChatsRoute,
  tavernChatRoomRoute,
  tavernDetailRoute,
];
