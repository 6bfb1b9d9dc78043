import type { AppEpic } from '../epics/types';
import { audioEpics } from './audioEpics';
import { characterEpics } from './characterEpics';
import { chatEpics } from './chatEpics';
import { chatExtrasEpics } from './chatExtrasEpics';

/** The streaming epics: the SSE audio stream, the socket chat, the characters and the chat's extras. */
export const streamingEpics: readonly AppEpic[] = [
  ...audioEpics,
  ...chatEpics,
  ...characterEpics,
  ...chatExtrasEpics,
];
