import type { AppEpic } from '../epics/types';
import { audioEpics } from './audioEpics';
import { characterEpics } from '../characters/epics';
import { chatEpics } from '../chat/epics';
import { chatExtrasEpics } from '../chat/extras';
import { audioPlaybackOutputEpic } from './playback';

/**
 * The epics the streaming module registers: the SSE audio stream and its playback as it arrives
 * (here), the socket chat and its extras (chat/) and the characters (characters/).
 */
export const streamingEpics: readonly AppEpic[] = [
  ...audioEpics,
  audioPlaybackOutputEpic,
  ...chatEpics,
  ...characterEpics,
  ...chatExtrasEpics,
];
