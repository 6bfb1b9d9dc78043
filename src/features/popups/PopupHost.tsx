/**
 * The popup queue's one view, mounted by the shell once there is something to show (spec §4; the
 * shell tells the queue which page the person is on: app/shell/LazyHosts): it renders the popup
 * the domain picked, one at a time. Every popup leads
 * somewhere real; closing it (×, Escape, "Later" or following its link) lets the next one come.
 */
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { popups } from '../../../domain/index.js';
import { closePopup, closeReminder } from '../../../infrastructure/popups/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { useLocale } from '../../i18n/locale';
import { Button, Dialog, IconButton } from '../../ui';
import styles from './Popups.module.css';
import { usePopupView, useReminder } from './usePopups';

const HERO: Readonly<Record<popups.PopupType, string>> = {
  newUserExposure: '✦',
  revive: '↻',
  halfPrice: '½',
  patFace: '☺',
  award: '★',
  hot: '♨',
  dailyStamina: '⚡',
};

const Body = ({ view }: { readonly view: popups.PopupView }) => {
  const d = view.details;
  switch (view.type) {
    case 'newUserExposure':
      return (
        <p className={styles.text}>
          <FormattedMessage id="popups.newUserExposure.body" values={{ coins: d.tempCoins ?? 0 }} />
        </p>
      );
    case 'revive':
      return (
        <p className={styles.text}>
          {(d.balanceDay ?? 0) > 0 ? (
            <FormattedMessage id="popups.revive.bodyMember" values={{ days: d.balanceDay ?? 0 }} />
          ) : (
            <FormattedMessage id="popups.revive.body" />
          )}
        </p>
      );
    case 'halfPrice':
      return (
        <>
          <p className={styles.text}>
            <FormattedMessage id="popups.halfPrice.body" />
          </p>
          {view.countdown === null ? null : (
            <div className={styles.countdown}>
              <span className={styles.countdownLabel}>
                <FormattedMessage id="popups.halfPrice.endsIn" />
              </span>
              <span className={styles.clock} role="timer" data-testid="popup-countdown">
                <FormattedMessage
                  id="popups.countdown"
                  values={{ days: view.countdown.days, clock: view.countdown.clock }}
                />
              </span>
            </div>
          )}
        </>
      );
    case 'patFace':
      return (
        <p className={styles.text}>
          <FormattedMessage id="popups.patFace.body" values={{ title: d.patFace?.title ?? '' }} />
        </p>
      );
    case 'award':
      return (
        <>
          <p className={styles.text}>
            <FormattedMessage id="popups.award.body" />
          </p>
          <ul className={styles.awards}>
            {(d.awards ?? []).slice(0, 3).map((a) => (
              <li key={a.id}>
                <FormattedMessage id="popups.award.item" values={{ coins: a.coins }} />
              </li>
            ))}
          </ul>
        </>
      );
    case 'hot':
      return (
        <p className={styles.text}>
          <FormattedMessage id="popups.hot.body" values={{ count: d.hotCount ?? 0 }} />
        </p>
      );
    case 'dailyStamina':
      return (
        <p className={styles.text}>
          {view.staminaLeft === null ? (
            <FormattedMessage id="popups.dailyStamina.bodyUnknown" />
          ) : (
            <FormattedMessage
              id="popups.dailyStamina.body"
              values={{ left: view.staminaLeft, limit: d.stamina?.limit ?? 0 }}
            />
          )}
        </p>
      );
    default:
      return null;
  }
};

const titleValues = (view: popups.PopupView) => ({
  coins: view.awardedCoins,
  title: view.details.patFace?.title ?? '',
});

/**
 * An end-time reminder (spec §4: awaiting order, activation, retention): a card in the corner, not
 * a dialog, so it never takes the page from the person. It says what ends when (the awaiting
 * order's minutes tick), leads to the page that completes it, and × hides it for the day.
 */
const Reminder = ({ view }: { readonly view: popups.ReminderView }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const close = () => dispatch(closeReminder({ popup: view.popup }));
  const titleId = `reminder-${view.popup}-title`;
  const when =
    view.popup === 'awaitingOrder' ? (
      <span className={styles.reminderClock} role="timer" data-testid="reminder-countdown">
        {view.remaining}
      </span>
    ) : (
      <FormattedDate value={view.endAt} dateStyle="medium" />
    );
  return (
    <aside className={styles.reminder} aria-labelledby={titleId} data-testid={`reminder-${view.popup}`}>
      <div className={styles.reminderHead}>
        <h2 className={styles.reminderTitle} id={titleId}>
          <FormattedMessage id={`popups.reminder.${view.popup}.title`} />
        </h2>
        <IconButton
          label={intl.formatMessage({ id: 'popups.close' })}
          size="sm"
          variant="ghost"
          onClick={close}
          data-testid="reminder-close"
        >
          <span aria-hidden="true">×</span>
        </IconButton>
      </div>
      <p className={styles.text}>
        <FormattedMessage id={`popups.reminder.${view.popup}.body`} values={{ when }} />
      </p>
      <Button asChild variant="primary" size="sm">
        <Link to={to(view.destination)} onClick={close} data-testid="reminder-go">
          <FormattedMessage id={`popups.reminder.${view.popup}.cta`} />
        </Link>
      </Button>
    </aside>
  );
};

/** The open popup or the reminder of the page `route` (the shell tells the popup queue of each page: app/shell/LazyHosts). */
export const PopupHost = ({ route }: { readonly route: string | null }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const view = usePopupView();
  const reminder = useReminder(route);
  if (view === null) return reminder === null ? null : <Reminder view={reminder} />;
  const close = () => dispatch(closePopup({ type: view.type }));
  return (
    <Dialog
      open
      size="sm"
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={intl.formatMessage({ id: `popups.${view.type}.title` }, titleValues(view))}
      closeLabel={intl.formatMessage({ id: 'popups.close' })}
      footer={
        <div className={styles.actions}>
          <Button variant="ghost" onClick={close} data-testid="popup-later">
            <FormattedMessage id="popups.later" />
          </Button>
          {view.type === 'dailyStamina' ? (
            <Button asChild variant="secondary">
              <Link to={to('/pricing')} onClick={close}>
                <FormattedMessage id="popups.dailyStamina.noLimit" />
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="primary">
            <Link to={to(view.destination)} onClick={close} data-testid="popup-go">
              <FormattedMessage id={`popups.${view.type}.cta`} />
            </Link>
          </Button>
        </div>
      }
    >
      <div className={styles.body} data-testid={`popup-${view.type}`}>
        <span className={styles.hero} aria-hidden="true">
          {view.type === 'award' ? (
            <FormattedNumber value={view.awardedCoins} notation="compact" />
          ) : (
            HERO[view.type]
          )}
        </span>
        <Body view={view} />
      </div>
    </Dialog>
  );
};
