/**
 * Audio routes: the SSE audio streams (text to speech, song preview; server/audio/audioStream.ts),
 * every open stream ended when the server closes.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { audioStreamRoutes } from './audioStream';

export const audioRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  const streams = audioStreamRoutes(app, ctx);
  app.addHook('preClose', (done) => {
    streams.closeAll();
    done();
  });
};
