import { useIntl } from 'react-intl';
import { notices } from '../../domain/index.js';
import { dismissNotice } from '../../infrastructure/store/commands';
import { useAppDispatch, useAppSelector } from '../../infrastructure/store/hooks';

/** The §8 toasts: a live region, newest last, each closable by keyboard. */
export const Toasts = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const active = useAppSelector((s) => notices.selectNotices(s.notices));
  const text = (n: notices.Notice) =>
    intl.messages[n.messageKey] !== undefined
      ? intl.formatMessage({ id: n.messageKey }, n.values)
      : (n.fallback ?? intl.formatMessage({ id: 'apiErr' }));
  return (
    <div className="toasts" aria-live="polite" role="status">
      {active.map((n) => (
        <div key={n.id} className={`toast ${n.level}`} data-testid="toast">
          <span>{text(n)}</span>
          <button
            type="button"
            className="ghost icon"
            aria-label={intl.formatMessage({ id: 'notices.close' })}
            onClick={() => dispatch(dismissNotice({ id: n.id }))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
};
