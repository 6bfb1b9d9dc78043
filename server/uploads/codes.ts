/**
 * The spec §8 codes the upload routes produce, beside the shared ones of server/envelope.ts
 * (10400 malformed, 10403 forbidden, 10404 not found, 20000 login).
 */
import {
  AUDIO_UPLOAD_ERROR_CODE,
  UPLOAD_BAD_DIGEST_CODE,
  UPLOAD_TIMEOUT_CODE,
  UPLOAD_TOO_LARGE_CODE,
} from '../../infrastructure/contract/uploads';

export const UPLOAD_CODES = {
  /** Spec §8 upload family: 30001 timeout. */
  uploadTimeout: UPLOAD_TIMEOUT_CODE,
  /** Spec §5/§8: the file is over its kind's maximum. */
  tooLarge: UPLOAD_TOO_LARGE_CODE,
  /** A chunk's bytes do not match its Content-MD5 (S3's BadDigest): damaged on the way, send it again. */
  badDigest: UPLOAD_BAD_DIGEST_CODE,
  /** Spec §8: audio upload error. */
  audioError: AUDIO_UPLOAD_ERROR_CODE,
} as const;
