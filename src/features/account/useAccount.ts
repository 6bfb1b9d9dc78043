import { createSelector } from '@reduxjs/toolkit';
import { useIntl } from 'react-intl';
import { people, session, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

const selectSession = (s: RootState) => s.session;
const selectSignUpFailure = createSelector([selectSession], (s) => session.selectSignUpFailure(s));
const selectRecovery = createSelector([selectSession], (s) => session.selectRecovery(s));
const selectSettings = createSelector([selectSession], (s) => session.selectSettings(s));
const selectUserId = createSelector([selectSession], (s) => session.selectUser(s)?.id ?? null);

const selectSaveStatus = createSelector([selectSession], (s) => session.selectSettingsSaveStatus(s));
const selectLoadFailure = createSelector([selectSession], (s) => session.selectSettingsLoadFailure(s));
const selectGuideDone = createSelector([(s: RootState) => s.people], (p) => people.selectGuideDone(p));
const selectCodes = createSelector([(s: RootState) => s.people], (p) => people.selectInvitationCodes(p));

/** Spec §3 settings: saving while a change is on its way, then saved or error. */
export const useSettingsSaveStatus = () => useAppSelector(selectSaveStatus);
/** The code of a failed settings read, or null. */
export const useSettingsLoadFailure = () => useAppSelector(selectLoadFailure);
/** Spec §3 guide_status: whether the new-user guide is done (null until read). */
export const useGuideDone = () => useAppSelector(selectGuideDone);
/** Spec §2 chan_id and u_code as kept on this device (null until read). */
export const useInvitationCodes = () => useAppSelector(selectCodes);

/** The code of the last refused sign-up (20006, 20005, ...), or null. */
export const useSignUpFailure = () => useAppSelector(selectSignUpFailure);
/** Where a password recovery stands: mail sent, refused (with its code) or done. */
export const useRecovery = () => useAppSelector(selectRecovery);
/** The account's settings once loaded, else null. */
export const useSettings = () => useAppSelector(selectSettings);
/** The signed-in account's id, or null for a guest. */
export const useSignedInId = () => useAppSelector(selectUserId);

/**
 * The text key for a refused account call (`session.accountRefusalKey`), or the account family's
 * text when that code has no translation; null when nothing was refused.
 */
export const useRefusalKey = (code: number | null, waitKnown: boolean): string | null => {
  const intl = useIntl();
  if (code === null) return null;
  const key = session.accountRefusalKey(code, waitKnown);
  return intl.messages[key] !== undefined ? key : 'accountError';
};
