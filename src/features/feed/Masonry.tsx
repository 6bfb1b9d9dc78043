import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useState, type CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import { feed } from '../../../domain/index.js';
import { undoMute } from '../../../infrastructure/feed/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Skeleton, Toast, ToastProvider, ToastViewport } from '../../ui';
import styles from './Explore.module.css';
import { FeedCard, PlayingProvider } from './FeedCard';
import { useUndoableMutes } from './useFeed';

/**
 * One Undo toast per card marked 'not interested' while its window is open (social.MUTE_UNDO_MS);
 * the epic owns the timing, the toast goes when the window closes.
 */
const MuteUndoToasts = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const pending = useUndoableMutes();
  // Closing a toast only hides it: the card stays hidden.
  const [closed, setClosed] = useState<readonly string[]>([]);
  return (
    <ToastProvider label={intl.formatMessage({ id: 'notices.label' })} duration={Infinity}>
      {pending
        .filter((id) => !closed.includes(id))
        .map((id) => (
          <Toast
            key={id}
            open
            duration={Infinity}
            title={
              <span data-testid="mute-undo-toast">{intl.formatMessage({ id: 'feed.mutedHidden' })}</span>
            }
            closeLabel={intl.formatMessage({ id: 'notices.close' })}
            onOpenChange={(o) => {
              if (!o) setClosed((c) => [...c, id]);
            }}
            action={{
              label: intl.formatMessage({ id: 'chat.undo' }),
              altText: intl.formatMessage({ id: 'chat.undo' }),
              onClick: () => dispatch(undoMute({ id })),
            }}
          />
        ))}
      <ToastViewport label={intl.formatMessage({ id: 'notices.region' })} className={styles.undoViewport} />
    </ToastProvider>
  );
};

/** Cards rendered beyond the window, per column, above and below. */
const OVERSCAN = 1;
/**
 * A card's body under its cover (title, author, statistics), in rem: one value for CSS and layout (the
 * server's drawn first cards take the same, src/features/feed/SquareHead.css `--card-meta`).
 */
export const CARD_META_REM = 6.5;
/** The placeholder card at a column's end while the next page loads, in px. */
const SKELETON_PX = 240;

const rootFontPx = (): number =>
  typeof document === 'undefined'
    ? 16
    : Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;

/** The height of each card of a column, in px: its cover at the column's width, then the body. */
const heightsOf = (cards: readonly feed.FeedCard[], width: number, metaPx: number): number[] =>
  cards.map((c) => Math.round(width * feed.coverRatioOf(c.cover ?? null) + metaPx));

/**
 * One column as a window-scrolled virtual list (@tanstack/react-virtual): only the cards near the
 * window are in the page. Every size is known before render (cover ratio at the column's width
 * plus the fixed body), so nothing is measured afterwards and a placed card never moves.
 */
const Column = ({
  cards,
  width,
  metaPx,
  gap,
  scrollMargin,
  loadingMore,
}: {
  readonly cards: readonly feed.FeedCard[];
  readonly width: number;
  readonly metaPx: number;
  readonly gap: number;
  readonly scrollMargin: number;
  readonly loadingMore: boolean;
}) => {
  const heights = useMemo(() => heightsOf(cards, width, metaPx), [cards, width, metaPx]);
  // Stable between renders: the virtualizer recomputes every position (the whole column) when
  // its key function changes, which a new arrow on each render would do on every scroll step.
  const keys = useMemo(() => cards.map((c) => feed.cardKey(c)), [cards]);
  const getItemKey = useCallback((i: number) => keys[i] ?? i, [keys]);
  const estimateSize = useCallback((i: number) => heights[i] ?? 0, [heights]);
  const virtualizer = useWindowVirtualizer({
    count: cards.length,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
    gap,
    scrollMargin,
    useFlushSync: false,
  });
  // Sizes come from the estimates only: when they change (a new width), the cache starts over.
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [virtualizer, heights, gap]);
  const total = virtualizer.getTotalSize();
  const skeletonAt = cards.length === 0 ? 0 : total + gap;
  return (
    <div
      className={styles.column}
      data-testid="feed-column"
      style={{ blockSize: loadingMore ? skeletonAt + SKELETON_PX : total }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const card = cards[item.index];
        if (!card) return null;
        return (
          <div
            key={item.key}
            className={styles.slot}
            style={{ blockSize: item.size, transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            {/* The first card of each column is in the first screen: its cover is the likely largest paint. */}
            <FeedCard card={card} width={width} priority={item.index === 0} />
          </div>
        );
      })}
      {loadingMore && (
        <div
          className={styles.slot}
          style={{ blockSize: SKELETON_PX, transform: `translateY(${skeletonAt}px)` }}
          aria-hidden="true"
        >
          <Skeleton height={`${SKELETON_PX}px`} radius="md" />
        </div>
      )}
    </div>
  );
};

/**
 * The square's cards in columns: the column of each card is `feed.placeCards`'s (decided once,
 * on arrival), each column a virtual list over the window's scroll, so the page holds a bounded
 * number of cards however far one scrolls, and loading a page never moves a card.
 */
export const Masonry = ({
  columns,
  width,
  scrollMargin,
  loadingMore,
}: {
  readonly columns: readonly (readonly feed.FeedCard[])[];
  readonly width: number;
  readonly scrollMargin: number;
  readonly loadingMore: boolean;
}) => {
  const gap = feed.columnGapFor(width);
  const columnWidth = Math.max(0, (width - gap * (columns.length - 1)) / Math.max(1, columns.length));
  const metaPx = CARD_META_REM * rootFontPx();
  const style = {
    gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))`,
    columnGap: `${gap}px`,
    '--card-meta': `${CARD_META_REM}rem`,
  } as CSSProperties;
  return (
    <PlayingProvider>
      <div className={styles.columns} style={style}>
        {columns.map((column, i) => (
          <Column
            key={i}
            cards={column}
            width={columnWidth}
            metaPx={metaPx}
            gap={gap}
            scrollMargin={scrollMargin}
            loadingMore={loadingMore}
          />
        ))}
      </div>
      <MuteUndoToasts />
    </PlayingProvider>
  );
};
