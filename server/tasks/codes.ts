/**
 * The spec §8 codes the creation slot answers with, beside the shared ones of envelope.ts
 * (10400 malformed, 10403, 10404, 20000, 70001 daily limit, 70002 queue full, 80307 no coins).
 * Training codes: the spec lists 120000-120012 as "limit, already training, at least 9 images,
 * 120006 name too long" and 120013 as the LoRA training limit of a tier; we read them in that
 * order (120000 the data-set size limit, 120001 already training, 120002 at least 9 images).
 */
import { uploads } from '../../domain/index.js';

export const CREATION_CODES = {
  /** Issue 21: an input image over the engines' 2048 × 2048 pixels (spec §8 upload family). */
  inputTooLarge: uploads.INPUT_TOO_LARGE_CODE,
  /** Issue 21: an input file that is not a PNG, JPEG, WebP, AVIF or GIF image. */
  inputNotImage: uploads.INPUT_NOT_IMAGE_CODE,
  /** Issue 21: the picture would be over the largest side an engine writes (input side × scale). */
  outputTooLarge: uploads.OUTPUT_TOO_LARGE_CODE,
  /** Spec §8 70008 "artwork forbidden": an input file that is not the caller's. */
  artworkForbidden: 70008,
  /** Spec §8 70009 "model forbidden": the message names the model with a disabled suffix. */
  modelForbidden: 70009,
  datasetLimit: 120000,
  alreadyTraining: 120001,
  tooFewImages: 120002,
  nameTooLong: 120006,
  trainingLimit: 120013,
} as const;
