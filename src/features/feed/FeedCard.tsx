import {
  createContext,
  memo,
  useContext,
  useId,
  useMemo,
  useState,
  type FocusEvent,
  type ReactNode,
} from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { feed, images, social } from '../../../domain/index.js';
import { reportCard } from '../../../infrastructure/feed/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { useLocale } from '../../i18n/locale';
import { Button, CoverFrame, Dialog, Picture } from '../../ui';
import styles from './Explore.module.css';
import { CardActions } from './CardActions';
import { CardMeta } from './CardMeta';
import { useCardCounts } from './useFeed';

/** Which card plays its media (one at a time on the square): its key, or null. */
export const PlayingContext = createContext<{
  readonly playing: string | null;
  readonly setPlaying: (key: string | null) => void;
}>({ playing: null, setPlaying: () => undefined });

/** Holds which card of the cards inside it plays: starting one stops the one before. */
export const PlayingProvider = ({ children }: { readonly children: ReactNode }) => {
  const [playing, setPlaying] = useState<string | null>(null);
  const value = useMemo(() => ({ playing, setPlaying }), [playing]);
  return <PlayingContext.Provider value={value}>{children}</PlayingContext.Provider>;
};

/**
 * A cover at the size it is shown (issue 22: AVIF or WebP variants for the card's width,
 * `images.pictureOf`), lazily over a blurred placeholder unless it is one of the first cards; a
 * failed load is tried again up to twice (spec §8, `feed.coverRetryUrl`). The placeholder's wash
 * is painted only until the image has loaded.
 */
const CoverImage = ({
  cover,
  cssWidth,
  priority,
}: {
  readonly cover: feed.FeedCard['cover'] & object;
  readonly cssWidth: number;
  readonly priority: boolean;
}) => {
  const [failures, setFailures] = useState(0);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const src = failures === 0 ? cover.url : feed.coverRetryUrl(cover.url, failures);
  const colour = images.placeholderColour(cover.color);
  const picture = useMemo(
    () => (src === null ? null : images.pictureOf(src, cssWidth, cover.width)),
    [src, cssWidth, cover.width],
  );
  return (
    <span
      className={styles.placeholder}
      data-state={state}
      data-testid="cover"
      // The cover's own colour under the wash until it arrives (then only the cover is painted).
      style={colour === undefined || state === 'loaded' ? undefined : { backgroundColor: colour }}
    >
      {picture !== null && state !== 'failed' && (
        <Picture
          key={picture.src}
          {...picture}
          // AVIF for the likely largest paint only; the other covers take WebP as the img's own
          // srcset (spec §4 assumes WebP): three elements fewer per card keeps a long scroll of the
          // square under 1,000 elements.
          sources={priority ? picture.sources : images.assumedSources(picture.sources)}
          width={cover.width}
          height={cover.height}
          alt=""
          priority={priority}
          draggable={false}
          onLoad={() => setState('loaded')}
          onError={() => {
            if (feed.coverRetryUrl(cover.url, failures + 1) === null) setState('failed');
            else setFailures(failures + 1);
          }}
        />
      )}
    </span>
  );
};

/** The media of the card that plays, in place of its cover (an animation) or over it (a sound, a video). */
const PlayingMedia = ({
  media,
  onEnded,
}: {
  readonly media: feed.CardMedia;
  readonly onEnded: () => void;
}) => {
  switch (media.kind) {
    case 'animation':
      // Played as it is: a variant of an animation is its first frame.
      return <img className={styles.media} src={media.url} alt="" data-testid="card-media" />;
    case 'video':
      return (
        <video
          className={styles.media}
          src={media.url}
          autoPlay
          loop
          muted
          playsInline
          data-testid="card-media"
        />
      );
    case 'audio':
      return (
        // Generated audio has no captions to offer.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio
          className={styles.audio}
          src={media.url}
          autoPlay
          controls
          onEnded={onEnded}
          data-testid="card-media"
        />
      );
    default:
      return null;
  }
};

/** A card's width when its list does not say (the square's column at 1280 px). */
const DEFAULT_CARD_WIDTH = 300;

interface FeedCardProps {
  readonly card: feed.FeedCard;
  /** The card's CSS width in px: its cover is fetched for it. */
  readonly width?: number;
  /** One of the first cards in the window: its cover is the likely largest paint. */
  readonly priority?: boolean;
}

/**
 * Spec §7 "Report artwork": the person picks why from the domain's short list
 * (social.REPORT_REASONS) and confirms; only then is the card hidden and the report sent.
 */
const ReportDialog = ({
  title,
  onOpenChange,
  onConfirm,
}: {
  readonly title: string;
  readonly onOpenChange: (open: boolean) => void;
  readonly onConfirm: (reason: social.ReportReason) => void;
}) => {
  const intl = useIntl();
  const name = useId();
  const [reason, setReason] = useState<social.ReportReason | null>(null);
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      size="sm"
      title={<FormattedMessage id="feed.reportTitle" values={{ title }} />}
      description={<FormattedMessage id="feed.reportWhy" />}
      closeLabel={intl.formatMessage({ id: 'notices.close' })}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            <FormattedMessage id="feed.reportCancel" />
          </Button>
          <Button
            variant="danger"
            disabled={reason === null}
            data-testid="report-confirm"
            onClick={() => {
              if (reason !== null) onConfirm(reason);
            }}
          >
            <FormattedMessage id="feed.reportSend" />
          </Button>
        </>
      }
    >
      <fieldset className={styles.reasons} data-testid="report-reasons">
        <legend className={styles.reasonsLegend}>
          <FormattedMessage id="feed.reportReason" />
        </legend>
        {social.REPORT_REASONS.map((r) => (
          <label key={r} className={styles.reason}>
            <input type="radio" name={name} value={r} checked={reason === r} onChange={() => setReason(r)} />
            <FormattedMessage id={`feed.reportReason.${r}`} />
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
};

/**
 * One card of the square (spec §2 "Card behaviour per content type"): its cover opens its detail
 * address; on hover or keyboard focus the actions of its type appear (Remix, Download,
 * image-to-video, play, Try, chat, model); its statistics in the §9 count format; its author;
 * like, report and "not interested" (spec §4: the card is hidden at once, for good).
 */
export const FeedCard = memo(({ card, width = DEFAULT_CARD_WIDTH, priority = false }: FeedCardProps) => {
  const { to } = useLocale();
  const dispatch = useAppDispatch();
  const titleId = useId();
  const key = feed.cardKey(card);
  const collections = useCardCounts(key);
  const { playing, setPlaying } = useContext(PlayingContext);
  const isPlaying = playing === key && card.media !== undefined;
  // The actions are in the page only while the card is hovered or holds the focus: a long
  // square keeps few nodes, and the keyboard reaches them right after the card's link.
  const [active, setActive] = useState(false);
  const [reporting, setReporting] = useState(false);
  const detail = to(feed.cardDetailPath(card));
  const stats = feed.cardCountStats(card, collections);
  const intents = active || isPlaying ? feed.cardIntents(card) : [];
  const leave = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setActive(false);
  };
  return (
    <article
      className={styles.card}
      data-testid="feed-card"
      data-card-type={card.cardType}
      data-expose-id={card.id}
      data-expose-type={card.obj_type}
      data-key={key}
      onPointerEnter={() => setActive(true)}
      onPointerLeave={() => setActive(false)}
      onFocus={() => setActive(true)}
      onBlur={leave}
    >
      <div className={styles.cover}>
        <Link to={detail} className={styles.coverLink} aria-labelledby={titleId} data-testid="card-link">
          {card.cover ? (
            <CoverImage cover={card.cover} cssWidth={width} priority={priority} />
          ) : (
            <span className={styles.placeholder} />
          )}
          {isPlaying && card.media?.kind !== 'audio' && card.media && (
            <PlayingMedia media={card.media} onEnded={() => setPlaying(null)} />
          )}
        </Link>
        {card.productionFrame ? <CoverFrame src={card.productionFrame} /> : null}
        <span className={styles.type}>
          <FormattedMessage id={`feed.card.${card.cardType}`} />
        </span>
        {isPlaying && card.media?.kind === 'audio' && (
          <PlayingMedia media={card.media} onEnded={() => setPlaying(null)} />
        )}
        {intents.length > 0 && (
          <CardActions
            card={card}
            intents={intents}
            isPlaying={isPlaying}
            onTogglePlay={() => setPlaying(isPlaying ? null : key)}
          />
        )}
      </div>
      <CardMeta
        card={card}
        itemKey={key}
        detail={detail}
        titleId={titleId}
        stats={stats}
        onReport={() => setReporting(true)}
      />
      {reporting && (
        <ReportDialog
          title={card.title}
          onOpenChange={setReporting}
          onConfirm={(reason) => {
            setReporting(false);
            dispatch(reportCard({ id: card.id, objType: card.obj_type, reason }));
          }}
        />
      )}
    </article>
  );
});
FeedCard.displayName = 'FeedCard';
