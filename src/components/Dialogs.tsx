import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { notices, session } from '../../domain/index.js';
import { closeDialog } from '../../infrastructure/store/commands';
import { useAppDispatch, useAppSelector } from '../../infrastructure/store/hooks';
import { LoginForm } from '../pages/LoginPage';

/**
 * The one dialog of spec §8 that the error map (or a route guard: home's openLoginDialog /
 * toActive query, a route that needs auth) opened. A native modal <dialog>: focus moves in, Escape closes, focus returns.
 */
export const Dialogs = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const dialog = useAppSelector((s) => notices.selectDialog(s.notices));
  const signedIn = useAppSelector((s) => !session.selectIsGuest(s.session));
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (dialog && !el.open) el.showModal();
    if (!dialog && el.open) el.close();
  }, [dialog]);

  useEffect(() => {
    if (dialog?.name === 'login' && signedIn) dispatch(closeDialog({ name: 'login' }));
  }, [dialog, signedIn, dispatch]);

  const close = () => dialog && dispatch(closeDialog({ name: dialog.name }));
  const has = (id: string) => intl.messages[id] !== undefined;

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby="dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      data-testid="dialog"
    >
      {dialog && (
        <div className="modal-body">
          <div className="modal-head">
            <h2 id="dialog-title">
              {has(`dialog.${dialog.name}.title`) ? (
                <FormattedMessage id={`dialog.${dialog.name}.title`} />
              ) : (
                dialog.name
              )}
            </h2>
            <button
              type="button"
              className="ghost icon"
              aria-label={intl.formatMessage({ id: 'dialog.close' })}
              onClick={close}
            >
              ×
            </button>
          </div>
          {dialog.name === 'login' ? (
            <LoginForm />
          ) : (
            <>
              {has(`dialog.${dialog.name}.body`) && (
                <p className="muted">
                  <FormattedMessage id={`dialog.${dialog.name}.body`} />
                </p>
              )}
              {dialog.variant && <p className="badge">{dialog.variant}</p>}
              <div className="modal-actions">
                <button type="button" className="ghost" onClick={close}>
                  <FormattedMessage id="dialog.close" />
                </button>
              </div>
            </>
          )}
        </div>
      )}
    </dialog>
  );
};
