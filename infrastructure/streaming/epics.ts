import type { AppEpic } from '../epics/types';
import { audioEpics } from './audioEpics';
import { characterEpics } from './characterEpics';
import { chatEpics } from './chatEpics';
import { chatExtrasEpics } from './chatExtrasEpics';
import { audioPlaybackOutputEpic } from './playback';

/**
 * The streaming epics: the SSE audio stream and its playback as it arrives, the socket chat, the
 * characters and the chat's extras.
 */
export const streamingEpics: readonly AppEpic[] = [
  ...audioEpics,
  audioPlaybackOutputEpic,
  ...chatEpics,
  ...characterEpics,
  ...chatExtrasEpics,
];
