import type { BoundedContext } from '../kernel/context.js';
import { audioEventTypes, type AudioEvent } from './events.js';
import { audioInvariants } from './invariants.js';
import { evolveAudio, initialAudioState, type AudioStreamState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './selectors.js';
export * from './invariants.js';
export * from './presets.js';
export * from './wav.js';
export * from './voice.js';

export const audioContext: BoundedContext<AudioStreamState, AudioEvent> = {
  name: 'audio',
  initialState: initialAudioState,
  evolve: evolveAudio,
  eventTypes: audioEventTypes,
  invariants: audioInvariants,
};
