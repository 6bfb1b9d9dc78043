import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { UploadKind } from './rules.js';

export interface UploadedFileInfo {
  readonly name: string;
  readonly size: number;
  readonly mime: string;
  readonly kind: UploadKind;
}

/**
 * An upload the user started in one uploader slot (`field`, e.g. 'cover' or 'referenceImage').
 * The spec's "second upload is ignored while one runs" is per slot.
 */
export interface UploadStartedPayload {
  readonly id: string;
  readonly field: string;
  readonly file: UploadedFileInfo;
  readonly guest: boolean;
  /**
   * The server's file id of the interrupted upload this run continues (picked again, or going
   * on by itself after a reload); absent for an upload from its first byte.
   */
  readonly resumeOf?: string;
  /** Set when the upload went on by itself after a page reload, with the file the device kept. */
  readonly afterReload?: boolean;
}

/**
 * Issue 13: an upload a reload interrupted whose file the device did not keep. It shows in its
 * slot, with the bytes the server had, until the file is picked again or the person removes it.
 */
export interface UploadInterruptedPayload {
  readonly id: string;
  readonly field: string;
  readonly file: UploadedFileInfo;
  readonly guest: boolean;
  /** The server's file id: picking the same file again continues this upload. */
  readonly fileId: string;
  readonly confirmedBytes: number;
}

/** The config / pre-sign call answered (spec §7): the file id, one signed URL per chunk, the chunk size. */
export interface UploadSignedPayload {
  readonly id: string;
  readonly fileId: string;
  readonly preSigns: readonly string[];
  readonly chunkSize: number;
}

export interface ChunkRefPayload {
  readonly id: string;
  readonly index: number;
}

export interface UploadConfirmedPayload {
  readonly id: string;
  readonly url: string;
  readonly width: number | null;
  readonly height: number | null;
}

/** The server refused the upload (confirm status 403, 406 or another non-zero, or a refusing code). */
export interface UploadFailedPayload {
  readonly id: string;
  readonly code: number;
  readonly messageKey: string;
}

/** The upload broke on the way (network, timeout, budgets exhausted). */
export interface UploadErroredPayload {
  readonly id: string;
  readonly messageKey: string;
}

/** Spec §3: a guest upload kept locally, per field. */
export interface GuestUpload {
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly category: number;
  /** What the form shows of it when it comes back after a reload (absent in lists kept before issue 21). */
  readonly name?: string;
  readonly size?: number;
  readonly mime?: string;
}

export interface GuestUploadKeptPayload {
  readonly field: string;
  readonly upload: GuestUpload;
}

/**
 * Issue 21 (spec §4 "the form keeps using them"): a kept guest upload is back in its slot after
 * the page was reloaded, as a finished upload the form uses, and stays there once it is saved to
 * the account at sign-in.
 */
export interface GuestUploadRestoredPayload {
  readonly id: string;
  readonly field: string;
  readonly upload: GuestUpload;
}

/** The guest uploads the save call accepted after login: exactly these leave the local list. */
export interface GuestUploadsSavedPayload {
  readonly items: readonly { readonly field: string; readonly url: string }[];
}

export const uploadStarted = defineEvent<UploadStartedPayload>()('uploads/started');
export const uploadSigned = defineEvent<UploadSignedPayload>()('uploads/signed');
export const chunkSent = defineEvent<ChunkRefPayload>()('uploads/chunkSent');
export const chunkConfirmed = defineEvent<ChunkRefPayload>()('uploads/chunkConfirmed');
export const chunkFailed = defineEvent<ChunkRefPayload>()('uploads/chunkFailed');
/** Spec §8: the upload is sent again through the alternate host from its first unconfirmed chunk. */
export const hostReloaded = defineEvent<{ readonly id: string }>()('uploads/hostReloaded');
export const uploadConfirmed = defineEvent<UploadConfirmedPayload>()('uploads/confirmed');
export const uploadFailed = defineEvent<UploadFailedPayload>()('uploads/failed');
export const uploadErrored = defineEvent<UploadErroredPayload>()('uploads/errored');
/** A finished upload the view no longer shows. Running uploads cannot be dismissed. */
export const uploadDismissed = defineEvent<{ readonly id: string }>()('uploads/dismissed');
export const uploadInterrupted = defineEvent<UploadInterruptedPayload>()('uploads/interrupted');
export const guestUploadKept = defineEvent<GuestUploadKeptPayload>()('uploads/guestUploadKept');
export const guestUploadsSaved = defineEvent<GuestUploadsSavedPayload>()('uploads/guestUploadsSaved');
export const guestUploadRestored = defineEvent<GuestUploadRestoredPayload>()('uploads/guestUploadRestored');

export type UploadEvent =
  | DomainEvent<typeof uploadStarted.type, UploadStartedPayload>
  | DomainEvent<typeof uploadSigned.type, UploadSignedPayload>
  | DomainEvent<typeof chunkSent.type, ChunkRefPayload>
  | DomainEvent<typeof chunkConfirmed.type, ChunkRefPayload>
  | DomainEvent<typeof chunkFailed.type, ChunkRefPayload>
  | DomainEvent<typeof hostReloaded.type, { readonly id: string }>
  | DomainEvent<typeof uploadConfirmed.type, UploadConfirmedPayload>
  | DomainEvent<typeof uploadFailed.type, UploadFailedPayload>
  | DomainEvent<typeof uploadErrored.type, UploadErroredPayload>
  | DomainEvent<typeof uploadDismissed.type, { readonly id: string }>
  | DomainEvent<typeof uploadInterrupted.type, UploadInterruptedPayload>
  | DomainEvent<typeof guestUploadKept.type, GuestUploadKeptPayload>
  | DomainEvent<typeof guestUploadsSaved.type, GuestUploadsSavedPayload>
  | DomainEvent<typeof guestUploadRestored.type, GuestUploadRestoredPayload>;

export const uploadEventTypes = [
  uploadStarted.type,
  uploadSigned.type,
  chunkSent.type,
  chunkConfirmed.type,
  chunkFailed.type,
  hostReloaded.type,
  uploadConfirmed.type,
  uploadFailed.type,
  uploadErrored.type,
  uploadDismissed.type,
  uploadInterrupted.type,
  guestUploadKept.type,
  guestUploadsSaved.type,
  guestUploadRestored.type,
] as const;
