import { Toast as RadixToast } from 'radix-ui';
import { forwardRef, type ReactNode } from 'react';
import { Button, IconButton } from './Button';
import { cx } from './cx';
import { CloseIcon } from './icons';
import styles from './Toast.module.css';

export type ToastTone = 'info' | 'success' | 'warning' | 'error';

/** The platform's default toast lifetime (its error toast is 5 s). */
export const TOAST_DURATION_MS = 5000;

export interface ToastProviderProps {
  children: ReactNode;
  /** Localised word announced before each toast (e.g. "Notification"). */
  label: string;
  duration?: number;
  swipeDirection?: 'right' | 'left' | 'up' | 'down';
}

/** Wraps the app once; render a ToastViewport inside it and Toasts anywhere below. */
export function ToastProvider({
  children,
  label,
  duration = TOAST_DURATION_MS,
  swipeDirection = 'up',
}: ToastProviderProps) {
  return (
    <RadixToast.Provider label={label} duration={duration} swipeDirection={swipeDirection}>
      {children}
    </RadixToast.Provider>
  );
}

export interface ToastViewportProps {
  /** Accessible name of the notifications region; "{hotkey}" is replaced by the shortcut (F8). */
  label: string;
  className?: string;
}

/** Top-end stack on desktop, full-width at the top on mobile. */
export const ToastViewport = forwardRef<HTMLOListElement, ToastViewportProps>(function ToastViewport(
  { label, className },
  ref,
) {
  return <RadixToast.Viewport ref={ref} label={label} className={cx(styles.viewport, className)} />;
});

export interface ToastAction {
  label: string;
  /** What a screen-reader user can do instead, since the toast may vanish (Radix requirement). */
  altText: string;
  onClick: () => void;
}

export interface ToastProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  tone?: ToastTone;
  title: ReactNode;
  description?: ReactNode;
  /** ms before auto-dismiss; default 5000. Infinity keeps it until closed. */
  duration?: number;
  action?: ToastAction;
  /** Accessible name of the × button. */
  closeLabel: string;
  className?: string;
}

export const Toast = forwardRef<HTMLLIElement, ToastProps>(function Toast(
  {
    open,
    defaultOpen,
    onOpenChange,
    tone = 'info',
    title,
    description,
    duration = TOAST_DURATION_MS,
    action,
    closeLabel,
    className,
  },
  ref,
) {
  return (
    <RadixToast.Root
      ref={ref}
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      duration={duration}
      type={tone === 'error' || tone === 'warning' ? 'foreground' : 'background'}
      data-tone={tone}
      className={cx(styles.toast, styles[tone], className)}
    >
      <span className={styles.bar} aria-hidden="true" />
      <div className={styles.text}>
        <RadixToast.Title className={styles.title}>{title}</RadixToast.Title>
        {description ? (
          <RadixToast.Description className={styles.description}>{description}</RadixToast.Description>
        ) : null}
      </div>
      {action ? (
        <RadixToast.Action altText={action.altText} asChild>
          <Button size="sm" variant="secondary" onClick={action.onClick}>
            {action.label}
          </Button>
        </RadixToast.Action>
      ) : null}
      <RadixToast.Close asChild>
        <IconButton label={closeLabel} size="sm" className={styles.close}>
          <CloseIcon />
        </IconButton>
      </RadixToast.Close>
    </RadixToast.Root>
  );
});
