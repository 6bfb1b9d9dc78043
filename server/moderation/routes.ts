/**
 * Moderation routes: the sensitive-word check of spec §5 (./sensitive.ts); any caller may check,
 * nothing is stored. Path and shapes are in infrastructure/contract/platform.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  SENSITIVE_CHECK_PATH,
  SensitiveCheckRequest,
  type SensitiveCheckResponse,
} from '../../infrastructure/contract/platform';
import { decodeBody, ok } from '../envelope';
import { checkSensitive } from './sensitive';

export const moderationRoutes = (app: FastifyInstance): void => {
  app.post(SENSITIVE_CHECK_PATH, async (req) =>
    ok<SensitiveCheckResponse>(checkSensitive(decodeBody(SensitiveCheckRequest, req.body))),
  );
};
