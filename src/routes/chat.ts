import { conversationModules } from '../../infrastructure/app/registry';
import type { AppRoute } from './types';

/** Spec §2 character route cyberBarPage: the directory of characters one can chat with. */
export const chatRoute: AppRoute = {
  path: 'chat',
  meta: { name: 'cyberBarPage', requiresAuth: false },
  titleId: 'title.chat',
  modules: conversationModules,
  page: () => import('../features/chat/pages/ChatListPage'),
};
