import { createSelector } from '../../../domain/kernel/memo.js';
import { useIntl } from 'react-intl';
import { notices, type RootState } from '../../../domain/index.js';
import { openNoticeLink } from '../../../infrastructure/notices/commands';
import { dismissNotice } from '../../../infrastructure/notices/commands';
import { useAppDispatch, useAppSelector } from '../../../infrastructure/store/hooks';
import { Toast, ToastProvider, ToastViewport } from '../../ui';
import styles from './Toasts.module.css';
import { useNoticeText } from './useNoticeText';

const selectByPlacement = createSelector([(s: RootState) => notices.selectNotices(s.notices)], (active) => ({
  'top-right': active.filter((n) => notices.noticePlacement(n) === 'top-right'),
  'bottom-right': active.filter((n) => notices.noticePlacement(n) === 'bottom-right'),
}));

/**
 * The toasts of spec §8, newest last. How long one stays is the domain's decision (the notices
 * epic dismisses it), so each is open for as long as the state holds it; its × dismisses it.
 */
export const Toasts = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const text = useNoticeText();
  const groups = useAppSelector(selectByPlacement);
  const region = (placement: notices.NoticePlacement) => (
    <ToastProvider label={intl.formatMessage({ id: 'notices.label' })} duration={Infinity}>
      {groups[placement].map((n) => (
        <Toast
          key={n.id}
          open
          duration={Infinity}
          tone={n.level}
          title={<span data-testid="toast">{text(n)}</span>}
          closeLabel={intl.formatMessage({ id: 'notices.close' })}
          onOpenChange={(open) => {
            if (!open) dispatch(dismissNotice({ id: n.id }));
          }}
          {...(notices.noticeHasLink(n)
            ? {
                action: {
                  label: intl.formatMessage({ id: 'notices.open' }),
                  altText: intl.formatMessage({ id: 'notices.open' }),
                  onClick: () => dispatch(openNoticeLink({ id: n.id })),
                },
              }
            : {})}
        />
      ))}
      <ToastViewport
        label={intl.formatMessage({ id: 'notices.region' })}
        className={placement === 'bottom-right' ? styles.bottom : undefined}
      />
    </ToastProvider>
  );
  return (
    <>
      {region('top-right')}
      {region('bottom-right')}
    </>
  );
};
