import type { AppRoute } from './types';

/** Spec §4 messages: the message centre (requires a session). */
export const messagesRoute: AppRoute = {
  path: 'messages',
  meta: { name: 'messages', requiresAuth: true },
  titleId: 'title.messages',
  page: () => import('../features/social/pages/MessagesPage'),
};
