/** The notices every area raises: a toast with a fresh id, and the login dialog a guest's ask opens. */
import { notices } from '../../domain/index.js';
import type { Action } from '../epics/types';

/** A toast (spec §8) of a translated message, with a fresh id. */
export const toast = (
  ids: () => string,
  level: notices.NoticeLevel,
  messageKey: string,
  values?: Readonly<Record<string, string | number>>,
): Action =>
  notices.toastRaised({ id: ids(), level, messageKey, ...(values === undefined ? {} : { values }) });

/** The login dialog (spec §5): a guest's ask that needs an account. */
export const loginDialog = (): Action => notices.dialogOpened({ name: 'login', variant: null });
