import type { ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './cx';
import styles from './States.module.css';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  body?: ReactNode;
  /** Usually a Button (e.g. "Create your first …"). */
  action?: ReactNode;
  /** Heading level of the title. Default 2. */
  level?: 1 | 2 | 3 | 4;
  className?: string;
}

export function EmptyState({ icon, title, body, action, level = 2, className }: EmptyStateProps) {
  const Heading = `h${level}` as const;
  return (
    <section className={cx(styles.state, className)}>
      {icon ? (
        <div className={styles.icon} aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className={styles.title}>{title}</Heading>
      {body ? <p className={styles.body}>{body}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </section>
  );
}

export interface ErrorStateProps {
  icon?: ReactNode;
  title: ReactNode;
  body?: ReactNode;
  /** Label of the retry button; no button without it (or without onRetry). */
  retryLabel?: string;
  onRetry?: () => void;
  /** Shows the retry button busy while a retry runs. */
  retrying?: boolean;
  level?: 1 | 2 | 3 | 4;
  className?: string;
}

/** A failed load: announced politely (role="alert" would interrupt; errors here replace content). */
export function ErrorState({
  icon,
  title,
  body,
  retryLabel,
  onRetry,
  retrying,
  level = 2,
  className,
}: ErrorStateProps) {
  const Heading = `h${level}` as const;
  return (
    <section className={cx(styles.state, styles.error, className)} role="status" aria-live="polite">
      {icon ? (
        <div className={styles.icon} aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className={styles.title}>{title}</Heading>
      {body ? <p className={styles.body}>{body}</p> : null}
      {retryLabel && onRetry ? (
        <div className={styles.action}>
          <Button variant="secondary" loading={retrying} onClick={onRetry}>
            {retryLabel}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
