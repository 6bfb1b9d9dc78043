/** What the social flows share: whether someone is signed in, a guest's ask. */
import { social, type RootState } from '../../domain/index.js';
import type { Action } from '../epics/types';
import { loginDialog } from '../notices/toast';

export const signedIn = (s: RootState) => s.session.status === 'signedIn';

/** A guest's ask: remembered, and the login dialog opens (spec §5). */
export const askToSignIn = (intent: social.SocialIntent): Action[] => [
  social.intentRecorded({ intent }),
  loginDialog(),
];
