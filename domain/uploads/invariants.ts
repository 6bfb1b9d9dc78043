import type { Invariant } from '../kernel/invariant.js';
import { confirmedBytesOf, isRunning, isTerminal, type UploadsState } from './state.js';

/** Spec §5: at most one running upload per uploader slot. */
export const oneRunningUploadPerField: Invariant<UploadsState> = {
  name: 'oneRunningUploadPerField',
  check: (_before, after) => {
    const busy = new Set<string>();
    for (const id of after.order) {
      const u = after.byId[id];
      if (!u || !isRunning(u.phase)) continue;
      if (busy.has(u.field)) return `field ${u.field} has two running uploads`;
      busy.add(u.field);
    }
    return null;
  },
};

/** Spec §4: complete, fail and error are final; only dismissal removes such an upload. */
export const terminalIsFinal: Invariant<UploadsState> = {
  name: 'terminalIsFinal',
  check: (before, after) => {
    for (const id of before.order) {
      const prev = before.byId[id];
      const next = after.byId[id];
      if (prev && next && isTerminal(prev.phase) && next.phase !== prev.phase)
        return `upload ${id} left its terminal status ${prev.phase.status} for ${next.phase.status}`;
    }
    return null;
  },
};

/** Confirmed bytes never go backwards and never pass the file size. */
export const confirmedBytesMonotonic: Invariant<UploadsState> = {
  name: 'confirmedBytesMonotonic',
  check: (before, after) => {
    for (const id of after.order) {
      const next = after.byId[id];
      if (!next) continue;
      const bytes = confirmedBytesOf(next);
      if (!(bytes >= 0 && bytes <= Math.max(0, next.file.size)))
        return `upload ${id} has ${bytes} confirmed bytes of ${next.file.size}`;
      const prev = before.byId[id];
      if (prev && bytes < confirmedBytesOf(prev))
        return `upload ${id} confirmed bytes went back from ${confirmedBytesOf(prev)} to ${bytes}`;
    }
    return null;
  },
};

/** A pending upload's chunks cover its file exactly: contiguous from 0, in order, to its size. */
export const chunksCoverFile: Invariant<UploadsState> = {
  name: 'chunksCoverFile',
  check: (_before, after) => {
    for (const id of after.order) {
      const u = after.byId[id];
      if (!u || u.phase.status !== 'pending') continue;
      let cursor = 0;
      for (const [i, c] of u.phase.chunks.entries()) {
        if (c.index !== i || c.start !== cursor || c.end < c.start)
          return `upload ${id} chunk ${i} does not follow byte ${cursor}`;
        cursor = c.end;
      }
      if (cursor !== Math.max(0, Math.floor(u.file.size)))
        return `upload ${id} chunks end at ${cursor}, not ${u.file.size}`;
    }
    return null;
  },
};

/** Every ordered id has an upload and every upload is ordered exactly once. */
export const uploadOrderMatches: Invariant<UploadsState> = {
  name: 'uploadOrderMatches',
  check: (_before, after) => {
    const ids = Object.keys(after.byId);
    if (
      ids.length !== after.order.length ||
      new Set(after.order).size !== after.order.length ||
      after.order.some((id) => after.byId[id] === undefined)
    )
      return 'upload order and upload table disagree';
    return null;
  },
};

export const uploadInvariants = [
  oneRunningUploadPerField,
  terminalIsFinal,
  confirmedBytesMonotonic,
  chunksCoverFile,
  uploadOrderMatches,
] as const;
