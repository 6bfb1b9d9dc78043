import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { notices, session } from '../../../domain/index.js';
import { closeDialog } from '../../../infrastructure/notices/commands';
import { useAppDispatch, useAppSelector } from '../../../infrastructure/store/hooks';
import { Button, Dialog } from '../../ui';
import { LoginForm, useDismissLoginGate } from '../session';
import { UpsellActions, UpsellBody, UpsellTitle, useUpsell } from '../billing';

/**
 * The one dialog of spec §8 that the error map (or a route guard: home's openLoginDialog /
 * toActive query, a route that needs auth) opened. Focus moves in, Escape closes, focus returns.
 * A limit dialog (queue, GPU/VIP, training, unlock, canvas) is an upsell: its text by the
 * person's tier and company role, and a button to the membership or coin page (billing feature).
 */
export const Dialogs = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const dialog = useAppSelector((s) => notices.selectDialog(s.notices));
  const signedIn = useAppSelector((s) => !session.selectIsGuest(s.session));

  useEffect(() => {
    if (dialog?.name === 'login' && signedIn) dispatch(closeDialog({ name: 'login' }));
  }, [dialog, signedIn, dispatch]);

  const close = () => dialog && dispatch(closeDialog({ name: dialog.name }));
  // Dismissed (not left through one of its links), the login dialog of a login gate goes home.
  const dismissGate = useDismissLoginGate();
  const has = (id: string) => intl.messages[id] !== undefined;
  const name = dialog?.name ?? '';
  const upsell = useUpsell(dialog);

  return (
    <Dialog
      open={dialog !== null}
      onOpenChange={(open) => {
        if (open) return;
        if (dialog?.name === 'login') dismissGate();
        close();
      }}
      title={
        <span data-testid="dialog-title">
          {upsell !== null ? (
            <UpsellTitle upsell={upsell} />
          ) : (
            <FormattedMessage
              id={has(`dialog.${name}.title`) ? `dialog.${name}.title` : 'dialog.generic.title'}
            />
          )}
        </span>
      }
      closeLabel={intl.formatMessage({ id: 'dialog.close' })}
      footer={
        name === 'login' ? undefined : upsell !== null ? (
          <UpsellActions upsell={upsell} onClose={close} />
        ) : (
          <Button onClick={close}>
            <FormattedMessage id="dialog.close" />
          </Button>
        )
      }
    >
      <div data-testid="dialog">
        {name === 'login' ? (
          <LoginForm onLeave={close} />
        ) : upsell !== null ? (
          <UpsellBody upsell={upsell} />
        ) : (
          has(`dialog.${name}.body`) && (
            <p>
              <FormattedMessage id={`dialog.${name}.body`} />
            </p>
          )
        )}
      </div>
    </Dialog>
  );
};
