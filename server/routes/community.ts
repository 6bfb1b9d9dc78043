/**
 * Community routes (spec §2, §3, §4, §7): the square's feeds, search, tags, models and posts;
 * collections, follows, likes, reports; notices and unread counts; profiles, people lists, stats
 * and the guide status; lazily rendered covers.
 */
import type { FastifyInstance } from 'fastify';
import { coverRoutes } from '../community/covers';
import { detailRoutes } from '../community/details';
import { feedRoutes } from '../community/feed';
import { messageRoutes } from '../community/messages';
import { profileRoutes } from '../community/profile';
import { socialRoutes } from '../community/social';
import type { ServerContext } from '../context';

export const communityRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  coverRoutes(app, ctx);
  detailRoutes(app, ctx);
  feedRoutes(app, ctx);
  socialRoutes(app, ctx);
  messageRoutes(app, ctx);
  profileRoutes(app, ctx);
};
