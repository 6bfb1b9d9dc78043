import type { Invariant } from '../kernel/invariant.js';
import { isValidBase64 } from './rules.js';
import type { AudioStreamState } from './state.js';

const idOf = (s: AudioStreamState): string | null => (s.status === 'idle' ? null : s.streamId);

/** Spec §4 (brief): after over or error, nothing about that stream changes any more. */
export const terminalAbsorbs: Invariant<AudioStreamState> = {
  name: 'terminalAbsorbs',
  check: (before, after) =>
    (before.status === 'over' || before.status === 'error') &&
    idOf(after) === idOf(before) &&
    after !== before
      ? `finished stream ${String(idOf(before))} changed after ${before.status}`
      : null,
};

/** Within one stream, the received chunks only grow, and every one of them is valid base64. */
export const chunksOnlyGrow: Invariant<AudioStreamState> = {
  name: 'chunksOnlyGrow',
  check: (before, after) => {
    if (after.status === 'idle') return null;
    const bad = after.chunks.findIndex((c) => !isValidBase64(c));
    if (bad >= 0) return `chunk ${bad} of stream ${after.streamId} is not base64`;
    if (before.status === 'idle' || before.streamId !== after.streamId) return null;
    const kept = before.chunks.every((c, i) => after.chunks[i] === c);
    return kept && after.chunks.length >= before.chunks.length
      ? null
      : `chunks of stream ${after.streamId} were rewritten`;
  },
};

export const audioInvariants = [terminalAbsorbs, chunksOnlyGrow] as const;
