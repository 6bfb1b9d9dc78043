/**
 * The spec §8 codes the commerce, decoration and upload routes produce, beside the shared ones
 * of server/envelope.ts (10400 malformed, 10403 forbidden, 10404 not found, 20000 login).
 */
import { CREDIT_CARD_ERROR_CODE } from '../../infrastructure/contract/commerce';
import { DECORATION_NO_COINS, DECORATION_SOLD_OUT } from '../../infrastructure/contract/decorations';
import {
  AUDIO_UPLOAD_ERROR_CODE,
  UPLOAD_BAD_DIGEST_CODE,
  UPLOAD_TIMEOUT_CODE,
  UPLOAD_TOO_LARGE_CODE,
} from '../../infrastructure/contract/uploads';

export const COMMERCE_CODES = {
  /** Spec §8: credit card error. */
  creditCard: CREDIT_CARD_ERROR_CODE,
  /** Spec §8: decoration sold out. */
  soldOut: DECORATION_SOLD_OUT,
  /** Spec §8: no coins (ledger.debit throws it). */
  noCoins: DECORATION_NO_COINS,
  /** Spec §8 upload family: 30001 timeout. */
  uploadTimeout: UPLOAD_TIMEOUT_CODE,
  /** Spec §5/§8: the file is over its kind's maximum. */
  tooLarge: UPLOAD_TOO_LARGE_CODE,
  /** A chunk's bytes do not match its Content-MD5 (S3's BadDigest): damaged on the way, send it again. */
  badDigest: UPLOAD_BAD_DIGEST_CODE,
  /** Spec §8: audio upload error. */
  audioError: AUDIO_UPLOAD_ERROR_CODE,
} as const;
