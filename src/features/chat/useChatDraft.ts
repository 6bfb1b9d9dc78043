import { useState, type FormEvent } from 'react';
import { chat, uploads } from '../../../domain/index.js';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { sendChatMessage } from '../../../infrastructure/chat/commands';
import { removeUpload, uploadPickedFile } from '../../../infrastructure/uploads/commands';
import { useComposerFiles } from './useChat';

/** The uploader slots of the composer's attachments (`chatAttachment.0` ... `.3`; spec §5 chat file types). */
const ATTACHMENT_FIELD = 'chatAttachment';

/**
 * The message being written: its text, its files (in the numbered upload slots), why it cannot
 * go yet (chat.chatSendProblem) once the person tried, and the two commands: send, pick files.
 */
export const useChatDraft = (open: boolean) => {
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState('');
  const [touched, setTouched] = useState(false);
  const [fileProblem, setFileProblem] = useState(false);
  const composer = useComposerFiles(ATTACHMENT_FIELD);

  const problem = chat.chatSendProblem(draft, composer.files.length);
  const send = (e?: FormEvent) => {
    e?.preventDefault();
    setTouched(true);
    if (problem !== null || !open || composer.blocked) return;
    const { attachments } = composer;
    dispatch(sendChatMessage({ content: draft, ...(attachments.length === 0 ? {} : { attachments }) }));
    // Sent: the slots are free for the next message's files.
    for (const f of composer.files) dispatch(removeUpload({ id: f.id }));
    setDraft('');
    setTouched(false);
  };
  /** Files picked (several at once): the allowed ones go into the free numbered slots, in order. */
  const pick = (picked: readonly File[]) => {
    const allowed = picked.filter((f) => chat.isAllowedChatFile(f.name, f.type));
    setFileProblem(allowed.length < picked.length);
    const slots = uploads.freeSlotsOf(
      composer.files.map((f) => f.field),
      ATTACHMENT_FIELD,
      chat.CHAT_ATTACHMENTS_MAX,
    );
    allowed.forEach((file, i) => {
      const slot = slots[i];
      if (slot !== undefined) dispatch(uploadPickedFile(slot, file));
    });
  };
  return { draft, setDraft, touched, fileProblem, problem, composer, send, pick };
};
