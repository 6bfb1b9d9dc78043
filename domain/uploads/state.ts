/**
 * Upload state and its reducer. Each upload's phase is a discriminated union on the spec's
 * statuses (§4): init (accepted, not yet signed), pending (signed, chunks on the way), and the
 * terminal complete, fail (the server refused) and error (the transfer broke). A terminal upload
 * never changes again; a second start in a slot that has a running upload is ignored.
 */
import { castDraft, produce } from 'immer';
import { assertNever } from '../kernel/event.js';
import type { GuestUpload, UploadEvent, UploadedFileInfo } from './events.js';
import { effectiveChunkBytes, nameOfUploadUrl, planChunks, uploadKindOf, type ChunkSlice } from './rules.js';

/** The message of an interrupted upload whose file the device did not keep. */
export const PICK_AGAIN_MESSAGE_KEY = 'upload.pickAgain';

export type ChunkStatus = 'waiting' | 'sent' | 'confirmed';

export interface ChunkProgress extends ChunkSlice {
  readonly status: ChunkStatus;
  /** Failures of this chunk since the upload (or the last host reload) began. */
  readonly failures: number;
}

export type UploadPhase =
  | { readonly status: 'init' }
  | {
      readonly status: 'pending';
      readonly fileId: string;
      readonly preSigns: readonly string[];
      /** The chunk size in use: the server's, or the default when it sent none. */
      readonly chunkSize: number;
      readonly chunks: readonly ChunkProgress[];
      readonly hostReloads: number;
    }
  | {
      readonly status: 'complete';
      readonly fileId: string;
      readonly url: string;
      readonly width: number | null;
      readonly height: number | null;
    }
  | {
      readonly status: 'fail';
      readonly code: number;
      readonly messageKey: string;
      /** Bytes confirmed before the failure, so progress never jumps back on a failure. */
      readonly confirmedBytes: number;
    }
  | { readonly status: 'error'; readonly messageKey: string; readonly confirmedBytes: number };

export type UploadStatus = UploadPhase['status'];

/** Issue 13: how an upload came back after a page reload (absent for one picked on this page). */
export interface AfterReloadMark {
  /** `resumed`: it went on by itself with the kept file; `pickAgain`: its file must be picked again. */
  readonly kind: 'resumed' | 'pickAgain';
  /** The server's file id of the interrupted upload. */
  readonly fileId: string;
}

export interface Upload {
  readonly id: string;
  readonly field: string;
  readonly file: UploadedFileInfo;
  readonly guest: boolean;
  readonly startedAt: number;
  readonly updatedAt: number;
  readonly phase: UploadPhase;
  readonly afterReload?: AfterReloadMark;
}

export interface GuestField {
  readonly field: string;
  readonly uploads: readonly GuestUpload[];
}

export interface UploadsState {
  readonly byId: Readonly<Record<string, Upload>>;
  /** Newest first. */
  readonly order: readonly string[];
  /** Spec §4: guest uploads kept locally, per field, until they are saved after login. */
  readonly guestKept: readonly GuestField[];
}

export const initialUploadsState: UploadsState = { byId: {}, order: [], guestKept: [] };

export const isRunning = (phase: UploadPhase): boolean =>
  phase.status === 'init' || phase.status === 'pending';

export const isTerminal = (phase: UploadPhase): boolean => !isRunning(phase);

/** Bytes of the file whose chunks the server has confirmed; the whole file once complete. */
export const confirmedBytesOf = (upload: Upload): number => {
  const phase = upload.phase;
  switch (phase.status) {
    case 'init':
      return 0;
    case 'pending':
      return phase.chunks.reduce((sum, c) => (c.status === 'confirmed' ? sum + (c.end - c.start) : sum), 0);
    case 'complete':
      return upload.file.size;
    case 'fail':
    case 'error':
      return phase.confirmedBytes;
    default:
      return assertNever(phase);
  }
};

const hasChunk = (phase: UploadPhase, index: number): boolean =>
  phase.status === 'pending' && phase.chunks[index] !== undefined;

/** An upload as it enters the list: started now, in `phase`, marked when it came back after a reload. */
const newUpload = (
  p: Pick<Upload, 'id' | 'field' | 'file' | 'guest'>,
  at: number,
  phase: UploadPhase,
  afterReload: AfterReloadMark | undefined,
): Upload => ({
  id: p.id,
  field: p.field,
  file: p.file,
  guest: p.guest,
  startedAt: at,
  updatedAt: at,
  phase,
  ...(afterReload === undefined ? {} : { afterReload }),
});

export const evolveUploads = (state: UploadsState, event: UploadEvent): UploadsState => {
  switch (event.type) {
    case 'uploads/started': {
      const p = event.payload;
      if (state.byId[p.id]) return state;
      const slotBusy = state.order.some((id) => {
        const u = state.byId[id];
        return u !== undefined && u.field === p.field && isRunning(u.phase);
      });
      if (slotBusy) return state;
      // An interrupted upload waiting for its file gives way to this one: the same upload
      // picked again (in any slot), or another file in its slot.
      const replaced = new Set(
        state.order.filter((id) => {
          const mark = state.byId[id]?.afterReload;
          return (
            mark?.kind === 'pickAgain' &&
            (state.byId[id]?.field === p.field || (p.resumeOf !== undefined && mark.fileId === p.resumeOf))
          );
        }),
      );
      return produce(state, (draft) => {
        for (const id of replaced) delete draft.byId[id];
        draft.order = draft.order.filter((id) => !replaced.has(id));
        draft.byId[p.id] = castDraft(
          newUpload(
            p,
            event.meta.at,
            { status: 'init' },
            p.afterReload === true && p.resumeOf !== undefined
              ? { kind: 'resumed', fileId: p.resumeOf }
              : undefined,
          ),
        );
        draft.order.unshift(p.id);
      });
    }
    case 'uploads/interrupted': {
      const p = event.payload;
      if (state.byId[p.id]) return state;
      const known = state.order.some((id) => state.byId[id]?.afterReload?.fileId === p.fileId);
      if (known) return state;
      const size = Math.max(0, p.file.size);
      const confirmedBytes = Number.isFinite(p.confirmedBytes)
        ? Math.min(size, Math.max(0, Math.floor(p.confirmedBytes)))
        : 0;
      return produce(state, (draft) => {
        draft.byId[p.id] = castDraft(
          newUpload(
            p,
            event.meta.at,
            { status: 'error', messageKey: PICK_AGAIN_MESSAGE_KEY, confirmedBytes },
            { kind: 'pickAgain', fileId: p.fileId },
          ),
        );
        draft.order.unshift(p.id);
      });
    }
    case 'uploads/signed': {
      const p = event.payload;
      const upload = state.byId[p.id];
      if (!upload || upload.phase.status !== 'init') return state;
      const chunks = planChunks(upload.file.size, p.chunkSize).map((slice): ChunkProgress => ({
        ...slice,
        status: 'waiting',
        failures: 0,
      }));
      return produce(state, (draft) => {
        const u = draft.byId[p.id];
        if (!u) return;
        u.phase = castDraft({
          status: 'pending',
          fileId: p.fileId,
          preSigns: p.preSigns,
          chunkSize: effectiveChunkBytes(p.chunkSize),
          chunks,
          hostReloads: 0,
        });
        u.updatedAt = event.meta.at;
      });
    }
    case 'uploads/chunkSent':
    case 'uploads/chunkConfirmed':
    case 'uploads/chunkFailed': {
      const { id, index } = event.payload;
      const upload = state.byId[id];
      if (!upload || !hasChunk(upload.phase, index)) return state;
      return produce(state, (draft) => {
        const u = draft.byId[id];
        const chunk = u?.phase.status === 'pending' ? u.phase.chunks[index] : undefined;
        if (!u || !chunk || chunk.status === 'confirmed') return;
        if (event.type === 'uploads/chunkSent') {
          if (chunk.status !== 'waiting') return;
          chunk.status = 'sent';
        } else if (event.type === 'uploads/chunkConfirmed') {
          chunk.status = 'confirmed';
        } else {
          chunk.status = 'waiting';
          chunk.failures += 1;
        }
        u.updatedAt = event.meta.at;
      });
    }
    case 'uploads/hostReloaded': {
      const upload = state.byId[event.payload.id];
      if (!upload || upload.phase.status !== 'pending') return state;
      return produce(state, (draft) => {
        const u = draft.byId[event.payload.id];
        if (!u || u.phase.status !== 'pending') return;
        u.phase.hostReloads += 1;
        for (const chunk of u.phase.chunks)
          if (chunk.status !== 'confirmed') {
            chunk.status = 'waiting';
            chunk.failures = 0;
          }
        u.updatedAt = event.meta.at;
      });
    }
    case 'uploads/confirmed': {
      const p = event.payload;
      const upload = state.byId[p.id];
      if (!upload || upload.phase.status !== 'pending') return state;
      const fileId = upload.phase.fileId;
      return produce(state, (draft) => {
        const u = draft.byId[p.id];
        if (!u) return;
        u.phase = { status: 'complete', fileId, url: p.url, width: p.width, height: p.height };
        u.updatedAt = event.meta.at;
      });
    }
    case 'uploads/failed':
    case 'uploads/errored': {
      const p = event.payload;
      const upload = state.byId[p.id];
      if (!upload || !isRunning(upload.phase)) return state;
      const confirmedBytes = confirmedBytesOf(upload);
      const phase: UploadPhase =
        event.type === 'uploads/failed'
          ? { status: 'fail', code: event.payload.code, messageKey: p.messageKey, confirmedBytes }
          : { status: 'error', messageKey: p.messageKey, confirmedBytes };
      return produce(state, (draft) => {
        const u = draft.byId[p.id];
        if (!u) return;
        u.phase = phase;
        u.updatedAt = event.meta.at;
      });
    }
    case 'uploads/dismissed': {
      const id = event.payload.id;
      const upload = state.byId[id];
      if (!upload || isRunning(upload.phase)) return state;
      return produce(state, (draft) => {
        delete draft.byId[id];
        draft.order = draft.order.filter((x) => x !== id);
      });
    }
    case 'uploads/guestUploadKept': {
      const { field, upload } = event.payload;
      const existing = state.guestKept.find((g) => g.field === field);
      if (existing?.uploads.some((u) => u.url === upload.url)) return state;
      const guestKept = existing
        ? state.guestKept.map((g) => (g.field === field ? { field, uploads: [...g.uploads, upload] } : g))
        : [...state.guestKept, { field, uploads: [upload] }];
      return { ...state, guestKept };
    }
    case 'uploads/guestUploadRestored': {
      const { id, field, upload } = event.payload;
      if (state.byId[id]) return state;
      // The slot already holds it, or a file picked since is on its way: nothing comes back.
      const taken = state.order.some((x) => {
        const u = state.byId[x];
        return (
          u !== undefined &&
          u.field === field &&
          (isRunning(u.phase) || (u.phase.status === 'complete' && u.phase.url === upload.url))
        );
      });
      if (taken) return state;
      const mime = upload.mime ?? '';
      const kind =
        mime !== '' ? uploadKindOf(mime) : upload.width > 0 && upload.height > 0 ? 'image' : 'file';
      return produce(state, (draft) => {
        draft.byId[id] = castDraft(
          newUpload(
            {
              id,
              field,
              file: {
                name: upload.name ?? nameOfUploadUrl(upload.url),
                size: Math.max(0, upload.size ?? 0),
                mime,
                kind,
              },
              guest: true,
            },
            event.meta.at,
            {
              status: 'complete',
              // The kept list holds no server file id: a restored upload is never resumed.
              fileId: '',
              url: upload.url,
              width: upload.width > 0 ? upload.width : null,
              height: upload.height > 0 ? upload.height : null,
            },
            undefined,
          ),
        );
        // Older than anything picked on this page: the newest file of a slot stays in front.
        draft.order.push(id);
      });
    }
    case 'uploads/guestUploadsSaved': {
      const saved = event.payload.items;
      const isSaved = (field: string, url: string): boolean =>
        saved.some((s) => s.field === field && s.url === url);
      let changed = false;
      const guestKept: GuestField[] = [];
      for (const g of state.guestKept) {
        const uploads = g.uploads.filter((u) => !isSaved(g.field, u.url));
        if (uploads.length !== g.uploads.length) changed = true;
        if (uploads.length > 0)
          guestKept.push(uploads.length === g.uploads.length ? g : { field: g.field, uploads });
      }
      return changed ? { ...state, guestKept } : state;
    }
    default:
      return assertNever(event);
  }
};
