import { createSelector } from '../../../domain/kernel/memo.js';
import { useMemo } from 'react';
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
export type Conversation = ReturnType<typeof useConversation>;

export interface ComposerFile {
  readonly id: string;
  readonly field: string;
  readonly name: string;
  readonly status: uploads.UploadStatus;
  readonly running: boolean;
  /** 0..1 of the bytes the server confirmed. */
  readonly progress: number;
  readonly messageKey: string | null;
}

/**
 * The composer's files (spec §5: up to chat.CHAT_ATTACHMENTS_MAX, in the numbered slots of
 * `group`), oldest first with their progress; the finished ones as the message's attachments;
 * whether one still runs, whether one cannot go (running, failed) and the slots still free.
 */
export const useComposerFiles = (group: string) => {
  const select = useMemo(
    () =>
      createSelector([(s: RootState) => s.uploads], (u) => {
        const held = [...uploads.selectFieldGroup(u, group)].reverse();
        const files: readonly ComposerFile[] = held.map((f) => ({
          id: f.id,
          field: f.field,
          name: f.file.name,
          status: f.phase.status,
          running: uploads.isRunning(f.phase),
          progress: uploads.selectUploadProgress(u, f.id),
          messageKey: f.phase.status === 'fail' || f.phase.status === 'error' ? f.phase.messageKey : null,
        }));
        const attachments: readonly chat.ChatAttachment[] = held.flatMap((f) => {
          if (f.phase.status !== 'complete') return [];
          const kind = chat.chatFileKind(f.file.name, f.file.mime);
          return kind === null
            ? []
            : [{ fileId: f.phase.fileId, name: f.file.name, kind, url: f.phase.url, size: f.file.size }];
        });
        return {
          files,
          attachments,
          running: held.some((f) => uploads.isRunning(f.phase)),
          blocked: attachments.length < held.length,
          free: Math.max(0, chat.CHAT_ATTACHMENTS_MAX - held.length),
        };
      }),
    [group],
  );
  return useAppSelector(select);
};
