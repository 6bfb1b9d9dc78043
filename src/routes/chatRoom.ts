import { conversationModules } from '../../infrastructure/app/registry';
import { settleCharacter } from './characters';
import type { AppRoute } from './types';

/**
 * Spec §2 character route aiChat: one conversation; an id no character has (for this person) is a
 * real 404. The character is asked for by its id, so one's own new or private characters open too.
 */
export const chatRoomRoute: AppRoute = {
  path: 'chat/:characterId',
  meta: { name: 'aiChat', requiresAuth: false },
  titleId: 'title.chatRoom',
  modules: conversationModules,
  page: () => import('../features/chat/pages/ChatRoomPage'),
  load: (ctx, params) => settleCharacter(ctx, params['characterId'] ?? ''),
};
