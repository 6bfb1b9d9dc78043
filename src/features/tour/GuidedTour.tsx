/**
 * The new user's guided tour (spec §4 "next, previous, close. Done on the last step. Animation
 * 400 ms"): a ring around the real element of the shell each step is about, and a card with the
 * step's text. The ring and the card glide to the next element in 400 ms (a CSS transition, off
 * under prefers-reduced-motion). When a step's element is not on screen (a small screen hides the
 * areas behind the menu button) the ring goes to the next candidate.
 */
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { tour } from '../../../domain/index.js';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { closeTour, nextTourStep, previousTourStep } from '../../../infrastructure/tour/commands';
import { Button, IconButton } from '../../ui';
import styles from './Tour.module.css';
import { useTour } from './useTour';

/** Where each step points, best first. */
const TARGETS: Readonly<Record<tour.NewUserTourStep, readonly string[]>> = {
  create: ['[data-testid="nav-create"]', '[data-testid="nav-menu"]'],
  explore: ['[data-testid="nav-explore"]', '[data-testid="nav-menu"]'],
  queue: ['[data-tour="queue"]', '[data-testid="nav-create"]', '[data-testid="nav-menu"]'],
  coins: ['[data-testid="coin-balance"]', '[data-testid="account-menu"]'],
  account: ['[data-testid="account-menu"]'],
};

const PAD = 6;

interface Box {
  readonly start: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

const visibleBox = (selectors: readonly string[]): Box | null => {
  const rtl = document.documentElement.dir === 'rtl';
  for (const sel of selectors) {
    const el = document.querySelector(sel);
    if (el === null) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    return {
      start: (rtl ? window.innerWidth - r.right : r.left) - PAD,
      top: r.top - PAD,
      width: r.width + PAD * 2,
      height: r.height + PAD * 2,
    };
  }
  return null;
};

const CloseIcon = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
    <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
  </svg>
);

export const GuidedTour = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const view = useTour();
  const [box, setBox] = useState<Box | null>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const stepName = view?.stepName ?? null;

  useLayoutEffect(() => {
    if (stepName === null) return;
    const measure = () => setBox(visibleBox(TARGETS[stepName]));
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [stepName]);

  useEffect(() => {
    if (stepName !== null) primary.current?.focus();
  }, [stepName]);

  useEffect(() => {
    if (view === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') dispatch(closeTour({ tourId: view.tourId }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [view, dispatch]);

  if (view === null) return null;
  const ring: CSSProperties | undefined =
    box === null
      ? undefined
      : ({
          '--tour-start': `${box.start}px`,
          '--tour-top': `${box.top}px`,
          '--tour-width': `${box.width}px`,
          '--tour-height': `${box.height}px`,
          '--tour-duration': `${tour.TOUR_ANIMATION_MS}ms`,
        } as CSSProperties);
  const titleId = 'tour-title';
  return (
    <div className={styles.layer} data-testid="tour" data-step={view.stepName}>
      {ring !== undefined && <div className={styles.ring} style={ring} aria-hidden="true" />}
      <section
        className={styles.card}
        style={ring}
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        data-placed={box === null ? 'center' : 'below'}
      >
        <header className={styles.head}>
          <p className={styles.count}>
            <FormattedMessage id="tour.stepOf" values={{ step: view.step + 1, total: view.totalSteps }} />
          </p>
          <IconButton
            label={intl.formatMessage({ id: 'tour.close' })}
            size="sm"
            onClick={() => dispatch(closeTour({ tourId: view.tourId }))}
            data-testid="tour-close"
          >
            <CloseIcon />
          </IconButton>
        </header>
        <h2 id={titleId} className={styles.title} data-testid="tour-title">
          <FormattedMessage id={`tour.${view.stepName}.title`} />
        </h2>
        <p className={styles.body}>
          <FormattedMessage id={`tour.${view.stepName}.body`} />
        </p>
        <div className={styles.actions}>
          {view.canGoBack && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => dispatch(previousTourStep({ tourId: view.tourId }))}
              data-testid="tour-previous"
            >
              <FormattedMessage id="tour.previous" />
            </Button>
          )}
          <Button
            ref={primary}
            variant="primary"
            size="sm"
            onClick={() => dispatch(nextTourStep({ tourId: view.tourId }))}
            data-testid={view.isLast ? 'tour-done' : 'tour-next'}
          >
            <FormattedMessage id={view.isLast ? 'tour.done' : 'tour.next'} />
          </Button>
        </div>
      </section>
    </div>
  );
};
