/** What the social flows share: whether someone is signed in, a failure's code, a guest's ask. */
import { social, type RootState } from '../../domain/index.js';
import type { ApiFailure } from '../http/client';
import type { Action } from '../epics/types';
import { loginDialog } from '../notices/toast';

export const codeOf = (f: ApiFailure): number => (f.kind === 'api' ? f.code : 0);

export const signedIn = (s: RootState) => s.session.status === 'signedIn';

/** A guest's ask: remembered, and the login dialog opens (spec §5). */
export const askToSignIn = (intent: social.SocialIntent): Action[] => [
  social.intentRecorded({ intent }),
  loginDialog(),
];
