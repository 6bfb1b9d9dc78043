import { createSelector } from '../../../domain/kernel/memo.js';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { useLocale } from '../../i18n/locale';
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

/**
 * The login and sign-up pages send a signed-in person home, unless the person is already on the
 * way somewhere else (a link clicked while the sign-in was being answered): that navigation wins.
 */
export const useGoHomeWhenSignedIn = (signedIn: boolean) => {
  const navigate = useNavigate();
  const { to } = useLocale();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const elsewhere = navigation.location !== undefined && navigation.location.pathname !== pathname;
  useEffect(() => {
    if (signedIn && !elsewhere) void navigate(to('/'), { replace: true });
  }, [signedIn, elsewhere, navigate, to]);
};
