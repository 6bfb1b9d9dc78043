import { useIntl } from 'react-intl';
import { notices } from '../../domain/index.js';
import { dismissNotice } from '../../infrastructure/store/commands';
import { useAppDispatch, useAppSelector } from '../../infrastructure/store/hooks';

/** The §8 toasts: a live region, newest last, each closable by keyboard. */
export const Toasts = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const active = useAppSelector((s) => notices.selectNotices(s.notices));
  // Spec §8: the code's own text, else the server's message, else the code family's text.
  const has = (id: string | null | undefined): id is string => !!id && intl.messages[id] !== undefined;
  const text = (n: notices.Notice) =>
    has(n.messageKey)
      ? intl.formatMessage({ id: n.messageKey }, n.values)
      : (n.fallback ?? (has(n.fallbackKey) ? intl.formatMessage({ id: n.fallbackKey }, n.values) : intl.formatMessage({ id: 'ServerError' })));
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
