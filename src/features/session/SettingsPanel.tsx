import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { routing, type session } from '../../../domain/index.js';
import { rememberLanguage } from '../../../infrastructure/preferences/commands';
import { changeSettings, loadSettings } from '../../../infrastructure/session/commands';
import {
  loadGuideStatus,
  loadInvitationCodes,
  setGuideStatus,
} from '../../../infrastructure/social/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { LOCALES } from '../../i18n/locales';
import { relocalizeHref, useLocale } from '../../i18n/locale';
import { Button, ErrorState, Select, Skeleton, Switch } from '../../ui';
import styles from './Account.module.css';
import {
  useGuideDone,
  useInvitationCodes,
  useSettings,
  useSettingsLoadFailure,
  useSettingsSaveStatus,
  useSignedInId,
} from './useAccount';

/** Spec §3 settings: saving, saved or error, announced politely. */
const SaveStatus = () => {
  const status = useSettingsSaveStatus();
  return (
    <p
      className={styles.saveStatus}
      data-status={status}
      role="status"
      aria-live="polite"
      data-testid="settings-status"
    >
      {status === 'idle' ? null : <FormattedMessage id={`settings.status.${status}`} />}
    </p>
  );
};

/** Spec §3 guide_status and the spec §2 invite and referral codes kept on this device. */
const AccountExtras = () => {
  const dispatch = useAppDispatch();
  const guideDone = useGuideDone();
  const codes = useInvitationCodes();
  useEffect(() => {
    dispatch(loadGuideStatus({}));
    dispatch(loadInvitationCodes({}));
  }, [dispatch]);
  return (
    <>
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>
          <FormattedMessage id="settings.guide" />
        </legend>
        {guideDone === null ? (
          <Skeleton lines={1} />
        ) : (
          <div className={styles.row}>
            <span data-testid="guide-status">
              <FormattedMessage id={guideDone ? 'settings.guide.done' : 'settings.guide.pending'} />
            </span>
            <Button
              size="sm"
              onClick={() => dispatch(setGuideStatus({ done: !guideDone }))}
              data-testid="guide-toggle"
            >
              <FormattedMessage id={guideDone ? 'settings.guide.reset' : 'settings.guide.markDone'} />
            </Button>
          </div>
        )}
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>
          <FormattedMessage id="settings.codes" />
        </legend>
        <dl className={styles.codes} data-testid="invitation-codes">
          <dt>
            <FormattedMessage id="settings.codes.invite" />
          </dt>
          <dd data-testid="invite-code">
            {codes?.channelInviteCode ?? <FormattedMessage id="settings.codes.none" />}
          </dd>
          <dt>
            <FormattedMessage id="settings.codes.referral" />
          </dt>
          <dd data-testid="referral-code">
            {codes?.referralCode ?? <FormattedMessage id="settings.codes.none" />}
          </dd>
        </dl>
      </fieldset>
    </>
  );
};

/**
 * Spec §3 settings: each change shows at once and is saved; a refused save puts the old value
 * back and the error map's toast says why. Loaded once the account is known (after a reload the
 * session is restored first).
 */
export const SettingsPanel = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { locale } = useLocale();
  const accountId = useSignedInId();
  const settings = useSettings();
  const loadFailure = useSettingsLoadFailure();
  useEffect(() => {
    if (accountId !== null) dispatch(loadSettings({}));
  }, [accountId, dispatch]);

  const change = (changes: Partial<session.AccountSettings>) => dispatch(changeSettings({ changes }));
  const chooseLanguage = (code: string) => {
    change({ langCode: code });
    const next = routing.normalizeLocale(code);
    if (next === null || next === locale) return;
    dispatch(rememberLanguage({ locale: next }));
    void navigate(relocalizeHref(next, location.pathname, location.search, location.hash));
  };

  if (settings === null && loadFailure !== null)
    return (
      <ErrorState
        title={<FormattedMessage id="settings.loadFailed" />}
        retryLabel={intl.formatMessage({ id: 'settings.retry' })}
        onRetry={() => dispatch(loadSettings({}))}
        level={2}
      />
    );
  if (settings === null)
    return (
      <div aria-busy="true" data-testid="settings-loading">
        <Skeleton lines={6} />
      </div>
    );
  return (
    <div data-testid="settings">
      <SaveStatus />
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>
          <FormattedMessage id="settings.display" />
        </legend>
        <Select
          label={intl.formatMessage({ id: 'settings.language' })}
          value={settings.langCode}
          options={LOCALES.map((l) => ({ value: l.code, label: l.label }))}
          onValueChange={chooseLanguage}
        />
        <Switch
          label={<FormattedMessage id="settings.nsfw" />}
          description={<FormattedMessage id="settings.nsfwHelp" />}
          checked={settings.showNsfw}
          onCheckedChange={(showNsfw) => change({ showNsfw })}
        />
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>
          <FormattedMessage id="settings.creation" />
        </legend>
        <Select
          label={intl.formatMessage({ id: 'settings.flow' })}
          value={settings.taskFlowVersion}
          options={(['v1', 'v2'] as const).map((v) => ({
            value: v,
            label: intl.formatMessage({ id: `settings.flow.${v}` }),
          }))}
          onValueChange={(v) => change({ taskFlowVersion: v === 'v2' ? 'v2' : 'v1' })}
        />
        <Select
          label={intl.formatMessage({ id: 'settings.preset' })}
          value={String(settings.modelPresetMode)}
          options={([1, 2] as const).map((v) => ({
            value: String(v),
            label: intl.formatMessage({ id: `settings.preset.${v}` }),
          }))}
          onValueChange={(v) => change({ modelPresetMode: v === '2' ? 2 : 1 })}
        />
        <Switch
          label={<FormattedMessage id="settings.imagePrompt" />}
          checked={settings.imagePromptSwitch}
          onCheckedChange={(imagePromptSwitch) => change({ imagePromptSwitch })}
        />
        <Switch
          label={<FormattedMessage id="settings.autoPublish" />}
          description={<FormattedMessage id="settings.autoPublishHelp" />}
          checked={settings.autoPublish}
          onCheckedChange={(autoPublish) => change({ autoPublish })}
        />
      </fieldset>
      <AccountExtras />
    </div>
  );
};
