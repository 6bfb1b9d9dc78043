import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { notices, session } from '../../../domain/index.js';
import { closeDialog } from '../../../infrastructure/notices/commands';
import { useAppDispatch, useAppSelector } from '../../../infrastructure/store/hooks';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/locale';
import { Button, Dialog } from '../../ui';
import { LoginForm } from '../account';

/**
 * The one dialog of spec §8 that the error map (or a route guard: home's openLoginDialog /
 * toActive query, a route that needs auth) opened. Focus moves in, Escape closes, focus returns.
 */
export const Dialogs = () => {
  const intl = useIntl();
  const { to } = useLocale();
  const dispatch = useAppDispatch();
  const dialog = useAppSelector((s) => notices.selectDialog(s.notices));
  const signedIn = useAppSelector((s) => !session.selectIsGuest(s.session));

  useEffect(() => {
    if (dialog?.name === 'login' && signedIn) dispatch(closeDialog({ name: 'login' }));
  }, [dialog, signedIn, dispatch]);

  const close = () => dialog && dispatch(closeDialog({ name: dialog.name }));
  const has = (id: string) => intl.messages[id] !== undefined;
  const name = dialog?.name ?? '';
  const variantKey = dialog?.variant ? `dialog.${name}.variant.${dialog.variant}` : null;

  return (
    <Dialog
      open={dialog !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={
        <span data-testid="dialog-title">
          <FormattedMessage
            id={has(`dialog.${name}.title`) ? `dialog.${name}.title` : 'dialog.generic.title'}
          />
        </span>
      }
      closeLabel={intl.formatMessage({ id: 'dialog.close' })}
      footer={
        name === 'login' ? undefined : (
          <>
            {/* Every upsell leads to the membership page (spec §8 upgrade and break dialogs). */}
            {(name === 'upgrade' || name === 'break') && (
              <Button asChild variant="primary">
                <Link to={to('/pricing')} onClick={close} data-testid="dialog-plans">
                  <FormattedMessage id="dialog.plans" />
                </Link>
              </Button>
            )}
            <Button onClick={close}>
              <FormattedMessage id="dialog.close" />
            </Button>
          </>
        )
      }
    >
      <div data-testid="dialog">
        {name === 'login' ? (
          <LoginForm onLeave={close} />
        ) : (
          <>
            {has(`dialog.${name}.body`) && (
              <p>
                <FormattedMessage id={`dialog.${name}.body`} />
              </p>
            )}
            {variantKey !== null && has(variantKey) && (
              <p>
                <FormattedMessage id={variantKey} />
              </p>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
};
