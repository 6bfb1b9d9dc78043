import type { AppEpic } from '../epics/types';
import { audioEpics } from './audioEpics';
import { audioPlaybackOutputEpic } from './playback';

/** The SSE audio stream (text to speech, songs, a chat reply's voice) and its playback as it arrives. */
export const streamingEpics: readonly AppEpic[] = [...audioEpics, audioPlaybackOutputEpic];
