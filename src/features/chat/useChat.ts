import { createSelector } from '@reduxjs/toolkit';
import { audio, characters, chat, session, uploads, type RootState } from '../../../domain/index.js';
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
  messages: useAppSelector((s) => chat.selectVisibleChatMessages(s.chat)),
  offersOlder: useAppSelector((s) => chat.selectOffersOlderHistory(s.chat)),
  settings: useAppSelector((s) => chat.selectChatSettings(s.chat)),
  pendingDeletes: useAppSelector((s) => chat.selectPendingDeletes(s.chat)),
  voiceReplies: useAppSelector((s) => chat.selectVoiceReplies(s.chat)),
  speaking: useAppSelector((s) => chat.selectSpeaking(s.chat)),
  /** Spec §4 audio stream statuses of the voice being played: start, paused, over, error. */
  voiceStatus: useAppSelector((s) => audio.selectAudioStatus(s.audio)),
});

/** The newest upload of the chat's attachment slot, its progress (0..1) and whether it still runs. */
export const useAttachmentUpload = (field: string) => {
  const latest =
    useAppSelector((s) => uploads.selectUploadList(s.uploads).find((u) => u.field === field)) ?? null;
  const progress = useAppSelector((s) => (latest ? uploads.selectUploadProgress(s.uploads, latest.id) : 0));
  return { latest, progress, running: latest !== null && uploads.isRunning(latest.phase) };
};
