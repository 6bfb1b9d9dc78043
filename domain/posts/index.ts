/** The posts context: writing a post (spec §2 create-and-post), its draft and its submission. */
import type { BoundedContext } from '../kernel/context.js';
import { postsEventTypes, type PostsEvent } from './events.js';
import { evolvePosts, initialPostsState, type PostsState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './selectors.js';

export const postsContext: BoundedContext<PostsState, PostsEvent> = {
  name: 'posts',
  initialState: initialPostsState,
  evolve: evolvePosts,
  eventTypes: postsEventTypes,
  invariants: [],
};
