import { characters } from '../../domain/index.js';
import { loadStreamingModule, whenState } from '../../infrastructure/store/modules';
import { loadCharacters } from '../../infrastructure/streaming/commands';
import { notFound, type AppRoute } from './types';

/** How long the loader waits for the character directory before showing the page anyway. */
const DIRECTORY_WAIT_MS = 8000;

/** Spec §2 character route aiChat: one conversation; an id no character has is a real 404. */
export const chatRoomRoute: AppRoute = {
  path: 'chat/:characterId',
  meta: { name: 'aiChat', requiresAuth: false },
  titleId: 'title.chatRoom',
  modules: [loadStreamingModule],
  page: () => import('../features/chat/pages/ChatRoomPage'),
  load: async ({ store }, params) => {
    const id = params['characterId'] ?? '';
    if (characters.selectCharacterListStatus(store.getState().characters) !== 'loaded')
      store.dispatch(loadCharacters({}));
    const s = await whenState(
      store,
      (st) => ['loaded', 'error'].includes(characters.selectCharacterListStatus(st.characters)),
      DIRECTORY_WAIT_MS,
    );
    if (
      characters.selectCharacterListStatus(s.characters) === 'loaded' &&
      !characters.selectCharacter(s.characters, id)
    )
      throw notFound();
  },
};
