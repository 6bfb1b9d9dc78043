/** What a social write reads of its request besides the body: the caller and the headers (the idempotency key). */
import type { FastifyRequest } from 'fastify';

export type SocialRequest = Pick<FastifyRequest, 'caller' | 'headers'>;
