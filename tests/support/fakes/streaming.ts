import { EMPTY, NEVER, type SchedulerLike } from 'rxjs';
import type { StudioApi } from '../../../infrastructure/streaming/api';
import type { StreamingDeps } from '../../../infrastructure/streaming/deps';

/**
 * Test doubles of the streaming capabilities: no stream ever answers, no socket ever connects, the
 * studio calls answer nothing. Tests of the streaming area pass their own scripted doubles.
 */
export const fakeStudioApi = (overrides: Partial<StudioApi> = {}): StudioApi => ({
  listCharacters: () => EMPTY,
  characterDetail: () => EMPTY,
  createCharacter: () => EMPTY,
  updateCharacter: () => EMPTY,
  deleteCharacter: () => EMPTY,
  openChatSession: () => EMPTY,
  chatHistory: () => EMPTY,
  searchCharacters: () => EMPTY,
  characterDefaults: () => EMPTY,
  characterTemplates: () => EMPTY,
  chatSessions: () => EMPTY,
  setOnlineSearch: () => EMPTY,
  saveInstructions: () => EMPTY,
  deleteChatMessage: () => EMPTY,
  ...overrides,
});

export const fakeStreamingDeps = (
  _scheduler: SchedulerLike,
  overrides: Partial<StreamingDeps> = {},
): StreamingDeps => ({
  api: fakeStudioApi(),
  fetchStream: () => NEVER,
  connectChat: () => NEVER,
  ...overrides,
});
