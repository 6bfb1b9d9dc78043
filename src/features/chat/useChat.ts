import { createSelector } from '@reduxjs/toolkit';
import { characters, chat, session, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

const selectDirectory = createSelector([(s: RootState) => s.characters], (c) =>
  characters.selectCharacterList(c),
);

export const useCharacterDirectory = () => ({
  status: useAppSelector((s) => characters.selectCharacterListStatus(s.characters)),
  list: useAppSelector(selectDirectory),
});

/** Everything one conversation shows; the message list is the state's own array (no copy per event). */
export const useConversation = (characterId: string) => ({
  isGuest: useAppSelector((s) => session.selectIsGuest(s.session)),
  character: useAppSelector((s) => characters.selectCharacter(s.characters, characterId)),
  open: useAppSelector((s) => chat.selectIsChatOpen(s.chat)),
  online: useAppSelector((s) => chat.selectIsChatOnline(s.chat)),
  messages: useAppSelector((s) => chat.selectChatMessages(s.chat)),
  offersOlder: useAppSelector((s) => chat.selectOffersOlderHistory(s.chat)),
});
