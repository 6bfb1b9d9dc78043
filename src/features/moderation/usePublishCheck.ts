import { moderation } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

/** The phase of the sensitive-word check of one publishing form (spec §5). */
export const usePublishCheck = (subject: string): moderation.PublishCheckView =>
  useAppSelector((s) => moderation.selectPublishCheck(s.moderation, subject));
