import type { AppEpic } from '../epics/types';
import { audioEpics } from './audioEpics';
import { chatEpics } from './chatEpics';

/** The streaming epics: the SSE audio stream and the socket chat. */
export const streamingEpics: readonly AppEpic[] = [...audioEpics, ...chatEpics];
