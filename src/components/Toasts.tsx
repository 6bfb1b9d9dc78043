import { useIntl } from 'react-intl';
import { notices } from '../../domain/index.js';
import { openNoticeLink } from '../../infrastructure/platform/commands';
import { dismissNotice } from '../../infrastructure/store/commands';
import { useAppDispatch, useAppSelector } from '../../infrastructure/store/hooks';

/** Where a notice shows: its `placement` value when it names one (spec §9 award_task: top-right), else bottom-right. */
const placementOf = (n: notices.Notice): 'top-right' | 'bottom-right' =>
  n.values['placement'] === 'top-right' ? 'top-right' : 'bottom-right';

/** The §8 toasts: live regions, newest last, each closable by keyboard; a notice with a link opens it on click. */
export const Toasts = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const active = useAppSelector((s) => notices.selectNotices(s.notices));
  // Spec §8: the code's own text, else the server's message, else the code family's text.
  const has = (id: string | null | undefined): id is string => !!id && intl.messages[id] !== undefined;
  const text = (n: notices.Notice) =>
    has(n.messageKey)
      ? intl.formatMessage({ id: n.messageKey }, n.values)
      : (n.fallback ??
        (has(n.fallbackKey)
          ? intl.formatMessage({ id: n.fallbackKey }, n.values)
          : intl.formatMessage({ id: 'ServerError' })));
  const region = (placement: 'top-right' | 'bottom-right') => (
    <div className={`toasts ${placement}`} aria-live="polite" role="status" data-placement={placement}>
      {active
        .filter((n) => placementOf(n) === placement)
        .map((n) => (
          <div key={n.id} className={`toast ${n.level}`} data-testid="toast">
            {typeof n.values['link'] === 'string' ? (
              <button
                type="button"
                className="toast-link"
                onClick={() => dispatch(openNoticeLink({ id: n.id }))}
              >
                {text(n)}
              </button>
            ) : (
              <span>{text(n)}</span>
            )}
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
  return (
    <>
      {region('top-right')}
      {region('bottom-right')}
    </>
  );
};
