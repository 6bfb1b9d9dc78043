import type { GuestUpload } from './events.js';
import { firstUnconfirmedChunk } from './rules.js';
import { confirmedBytesOf, isRunning, type ChunkProgress, type Upload, type UploadsState } from './state.js';

export const selectUploadList = (s: UploadsState): readonly Upload[] =>
  s.order.map((id) => s.byId[id]).filter((u): u is Upload => u !== undefined);

export const selectUploadById = (s: UploadsState, id: string): Upload | undefined => s.byId[id];

/** The upload running in a slot, if any (spec §5: a second upload is ignored while one runs). */
export const selectRunningUpload = (s: UploadsState, field: string): Upload | undefined =>
  selectUploadList(s).find((u) => u.field === field && isRunning(u.phase));

export const selectCanStartUpload = (s: UploadsState, field: string): boolean =>
  selectRunningUpload(s, field) === undefined;

/**
 * Progress as a fraction 0..1 of the file's bytes the server has confirmed. It only counts
 * confirmed chunks, so a retried or reloaded chunk never moves it back. An empty file is at 0
 * until it is complete.
 */
export const selectUploadProgress = (s: UploadsState, id: string): number => {
  const upload = s.byId[id];
  if (!upload) return 0;
  if (upload.phase.status === 'complete') return 1;
  const size = upload.file.size;
  return size > 0 ? Math.min(1, confirmedBytesOf(upload) / size) : 0;
};

export const selectResumePoint = (s: UploadsState, id: string): ChunkProgress | null => {
  const upload = s.byId[id];
  return upload ? firstUnconfirmedChunk(upload) : null;
};

export const selectGuestUploads = (s: UploadsState, field: string): readonly GuestUpload[] =>
  s.guestKept.find((g) => g.field === field)?.uploads ?? [];

export interface GuestUploadToSave extends GuestUpload {
  readonly field: string;
}

/** Spec §4: what the save-guest-fields call sends after login, field by field in keeping order. */
export const selectGuestUploadsToSave = (s: UploadsState): readonly GuestUploadToSave[] =>
  s.guestKept.flatMap((g) => g.uploads.map((u) => ({ field: g.field, ...u })));

/** The uploads of a slot group: the slot `field` itself and its numbered slots `field.0`, `field.1` ... */
export const inFieldGroup = (field: string, group: string): boolean =>
  field === group || (field.startsWith(`${group}.`) && /^\d+$/.test(field.slice(group.length + 1)));

/** Every upload of a group, newest first (an uploader with several files shows each with its progress). */
export const selectFieldGroup = (s: UploadsState, group: string): readonly Upload[] =>
  selectUploadList(s).filter((u) => inFieldGroup(u.field, group));

/**
 * The slot a new file of a group goes to: the group's own slot when it takes one file; else
 * the first numbered slot no upload of the group holds (the same slot as before a reload, so a
 * file picked again resumes), or null when the group holds `max` files already.
 */
export const nextSlotOf = (s: UploadsState, group: string, max: number): string | null =>
  max <= 1
    ? group
    : (freeSlotsOf(
        selectFieldGroup(s, group).map((u) => u.field),
        group,
        max,
      )[0] ?? null);

/**
 * The numbered slots of a group of `max` that `taken` leaves free, first free first: where the
 * files picked next go, one each (several files picked at once fill them in order).
 */
export const freeSlotsOf = (taken: readonly string[], group: string, max: number): readonly string[] => {
  const held = new Set(taken);
  return Array.from({ length: max }, (_x, i) => `${group}.${i}`).filter((slot) => !held.has(slot));
};

/** The finished files of a group, oldest first (the order the person added them). */
export const selectCompletedInGroup = (
  s: UploadsState,
  group: string,
): readonly {
  readonly id: string;
  readonly url: string;
  readonly width: number | null;
  readonly height: number | null;
}[] =>
  selectFieldGroup(s, group)
    .flatMap((u) =>
      u.phase.status === 'complete'
        ? [{ id: u.id, url: u.phase.url, width: u.phase.width, height: u.phase.height }]
        : [],
    )
    .reverse();

/**
 * The server file ids of the uploads this page has (running past their signing, finished, or
 * waiting for their file after a reload): an interrupted upload among them is not planned again.
 */
export const selectUploadKeysOnPage = (s: UploadsState): ReadonlySet<string> => {
  const keys = new Set<string>();
  for (const u of selectUploadList(s)) {
    if ((u.phase.status === 'pending' || u.phase.status === 'complete') && u.phase.fileId !== '')
      keys.add(u.phase.fileId);
    if (u.afterReload !== undefined) keys.add(u.afterReload.fileId);
  }
  return keys;
};

/**
 * The uploads shown waiting for their file to be picked again (issue 13): they are the account's
 * that was signed in when they were planned, so they leave the page when someone else signs in
 * or out (their records stay on the device for their owner).
 */
export const selectUploadsWaitingForFile = (s: UploadsState): readonly string[] =>
  selectUploadList(s)
    .filter((u) => u.afterReload?.kind === 'pickAgain')
    .map((u) => u.id);
