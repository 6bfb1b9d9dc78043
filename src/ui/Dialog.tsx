import { AlertDialog, Dialog as RadixDialog } from 'radix-ui';
import { forwardRef, type ReactNode } from 'react';
import { Button, IconButton } from './Button';
import { cx } from './cx';
import styles from './Dialog.module.css';
import { CloseIcon } from './icons';

export interface DialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Rendered as Dialog.Title: the dialog's accessible name. */
  title: ReactNode;
  /** Rendered as Dialog.Description (wired to aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Actions row, pinned under the scrolling body. */
  footer?: ReactNode;
  /** Accessible name of the close (×) button; no × button is drawn without it (Escape still closes). */
  closeLabel?: string;
  /** Optional element that opens the dialog (uncontrolled use). */
  trigger?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** Called on Escape before the dialog closes; `event.preventDefault()` keeps it open. */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  /**
   * False: a press outside (on the overlay) leaves the dialog open; only the close button and
   * Escape close it. For dialogs holding work a stray click must not throw away, such as a checkout
   * (the second click of a double click on the button that opened it lands on the overlay).
   */
  closeOnOutsidePress?: boolean;
}

export const Dialog = forwardRef<HTMLDivElement, DialogProps>(function Dialog(
  {
    open,
    defaultOpen,
    onOpenChange,
    title,
    description,
    children,
    footer,
    closeLabel,
    trigger,
    size = 'md',
    className,
    onEscapeKeyDown,
    closeOnOutsidePress = true,
  },
  ref,
) {
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          ref={ref}
          className={cx(styles.content, styles[size], className)}
          onEscapeKeyDown={onEscapeKeyDown}
          onPointerDownOutside={closeOnOutsidePress ? undefined : (e) => e.preventDefault()}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <header className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            {closeLabel ? (
              <RadixDialog.Close asChild>
                <IconButton label={closeLabel} size="sm" className={styles.close}>
                  <CloseIcon />
                </IconButton>
              </RadixDialog.Close>
            ) : null}
          </header>
          {description ? (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          ) : null}
          {children ? <div className={styles.body}>{children}</div> : null}
          {footer ? <footer className={styles.footer}>{footer}</footer> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
});

/** A closing element for custom footers: `<DialogClose asChild><Button>…</Button></DialogClose>`. */
export const DialogClose = RadixDialog.Close;

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  body?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Style the confirm button as destructive. */
  danger?: boolean;
  /** Shows a spinner on the confirm button and keeps the dialog open. */
  confirming?: boolean;
}

/**
 * A yes/no question (Radix AlertDialog: role="alertdialog", focus starts on Cancel, no outside-click close).
 * Confirm calls onConfirm then closes, unless `confirming` is set (the caller closes when done).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  body,
  confirmLabel,
  cancelLabel,
  onConfirm,
  danger = false,
  confirming = false,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content
          className={cx(styles.content, styles.sm)}
          {...(body ? {} : { 'aria-describedby': undefined })}
        >
          <header className={styles.header}>
            <AlertDialog.Title className={styles.title}>{title}</AlertDialog.Title>
          </header>
          {body ? <AlertDialog.Description className={styles.body}>{body}</AlertDialog.Description> : null}
          <footer className={styles.footer}>
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <Button
              variant={danger ? 'danger' : 'primary'}
              loading={confirming}
              onClick={() => {
                onConfirm();
                if (!confirming) onOpenChange(false);
              }}
            >
              {confirmLabel}
            </Button>
          </footer>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
