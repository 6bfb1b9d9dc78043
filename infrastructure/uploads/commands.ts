/**
 * Upload commands. They carry the picked file's handle, which is not serialisable: commands
 * are never recorded, only the events the epics emit are.
 */
import { uploads } from '../../domain/index.js';
import { randomId } from '../platform/device';
import { defineCommand } from '../store/commands';
import { fileHandle } from './browser';
import type { UploadFileHandle } from './deps';

export interface StartUploadPayload {
  /** The uploader slot ('cover', 'referenceImage', ...); one running upload per slot (spec §5). */
  readonly field: string;
  readonly file: UploadFileHandle;
  /** Spec §7: the config call's category, 9 by default. */
  readonly category?: number;
  /** Image confirm only. */
  readonly subCategory?: number;
  /** Issue 13: the run continues an upload a reload interrupted, with the file the device kept. */
  readonly afterReload?: boolean;
  /**
   * Issue 21: an image meant as a task's input is scaled down (keeping its aspect ratio) to this
   * limit before it goes up, so the task accepts it (`uploads.TASK_INPUT_LIMIT`).
   */
  readonly pixelLimit?: uploads.PixelLimit;
}

/** How a picked file is uploaded: as a task's input (scaled to what tasks accept) or as it is. */
export interface PickOptions {
  readonly taskInput?: boolean;
}

const pickPayload = (field: string, file: File, options: PickOptions): StartUploadPayload => ({
  field,
  file: fileHandle(file),
  ...(options.taskInput === true ? { pixelLimit: uploads.TASK_INPUT_LIMIT } : {}),
});

/** Uploads `file` from its first byte (a resumable record left in the slot is discarded). */
export const startUpload = defineCommand<StartUploadPayload>()('uploads/start');

/**
 * Continues the slot's interrupted upload when `file` is the same file (name, size, type,
 * lastModified) and the server still holds it, from the first chunk it has not confirmed;
 * otherwise uploads it from its first byte, as `uploads/start` does.
 */
export const resumeUpload = defineCommand<StartUploadPayload>()('uploads/resume');

/** Stops the slot's running upload: chunk PUTs in flight are aborted. */
export const cancelUpload = defineCommand<{ readonly field: string }>()('uploads/cancel');

/**
 * Spec §8 "code 20000 in an upload reason queues guest files": the upload is started again for
 * its slot once the person has logged in. Emitted by the upload epic, held by the queue epic.
 */
export const queueGuestFile = defineCommand<StartUploadPayload>()('uploads/queueGuestFile');

/** The command for a file the person picked, dropped or pasted: uploaded, or resumed where a reload left it. */
export const uploadPickedFile = (field: string, file: File, options: PickOptions = {}) =>
  resumeUpload(pickPayload(field, file, options));

/** A file added to a list of uploads: a slot of its own, named `prefix` + a random id (the list reads its prefix). */
export const uploadToNewSlot = (prefix: string, file: File, options: PickOptions = {}) =>
  uploadPickedFile(`${prefix}${randomId()}`, file, options);

/** Removes a file from its uploader: a running upload is cancelled first, then it leaves the list. */
export const removeUpload = defineCommand<{ readonly id: string }>()('uploads/remove');
