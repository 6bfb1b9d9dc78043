/** Pieces the social pages share: a work tile, a people list, and a list's loading, empty and error states. */
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { feed, format, images, type people } from '../../../domain/index.js';
import { useLocale } from '../../i18n/locale';
import { AVATAR_PX, Avatar, Button, CoverFrame, EmptyState, ErrorState, Picture, Skeleton } from '../../ui';
import { CollectButton } from './CollectButton';
import { FollowButton } from './FollowButton';
import { LikeButton } from './LikeButton';
import styles from './Social.module.css';

/**
 * How wide a work tile's cover is shown (Social.module.css `.grid`: columns of at least 180 px, a
 * 8 px padding): about 200 px, or the window's width where one column is left (below 400 px).
 */
const TILE_PX = 200;
const TILE_ONE_COLUMN_BELOW_PX = 400;

/** A work: its cover, title and the like and collect buttons; `select` adds a checkbox. */
export const WorkTile = ({
  card,
  select,
  actions,
}: {
  readonly card: feed.FeedCard;
  readonly select?: { readonly checked: boolean; readonly onChange: (checked: boolean) => void };
  readonly actions?: ReactNode;
}) => {
  const intl = useIntl();
  const key = feed.cardKey(card);
  return (
    <li
      className={styles.tile}
      data-selected={select?.checked || undefined}
      data-testid="work-tile"
      data-key={key}
    >
      {select && (
        <input
          type="checkbox"
          className={styles.check}
          checked={select.checked}
          onChange={(e) => select.onChange(e.target.checked)}
          aria-label={intl.formatMessage({ id: 'personal.select' }, { title: card.title })}
          data-testid="select-work"
        />
      )}
      <span className={styles.tileFrame}>
        {card.cover ? (
          <Picture
            className={styles.tileCover}
            {...images.columnPictureOf(card.cover.url, TILE_ONE_COLUMN_BELOW_PX, TILE_PX, card.cover.width)}
            width={card.cover.width}
            height={card.cover.height}
            alt=""
          />
        ) : (
          <span className={styles.tileCover} aria-hidden="true" />
        )}
        {card.productionFrame ? <CoverFrame src={card.productionFrame} /> : null}
      </span>
      <p className={styles.tileTitle} title={card.title}>
        {card.title}
      </p>
      <div className={styles.tileRow}>
        <LikeButton itemKey={key} size="sm" />
        <CollectButton itemKey={key} cardType={card.cardType} size="sm" />
        {actions}
      </div>
    </li>
  );
};

export const PersonRow = ({ person }: { readonly person: people.PersonCard }) => {
  const { to } = useLocale();
  return (
    <li className={styles.person} data-testid="person-row" data-person={person.id}>
      <Avatar
        src={person.avatar || null}
        sources={images.assumedSourcesOf(person.avatar, AVATAR_PX.md)}
        name={person.name}
        size="md"
        frameUrl={person.avatarFrame}
        frameSources={images.assumedSourcesOf(person.avatarFrame, AVATAR_PX.md)}
        decorative
      />
      <span className={styles.personText}>
        <Link to={to(`/user/${encodeURIComponent(person.id)}`)} className={styles.personName}>
          {person.name}
        </Link>
        <span className={styles.muted}>
          <FormattedMessage
            id="social.personCounts"
            values={{
              followers: format.formatCount(person.followers),
              works: format.formatCount(person.works),
            }}
          />
        </span>
      </span>
      <FollowButton authorId={person.id} name={person.name} />
    </li>
  );
};

/**
 * A list's states: a skeleton while the first page loads, an error with a retry, an empty state,
 * else the entries and a "more" button while there are more.
 */
export const ListStates = <E,>({
  list,
  empty,
  onRetry,
  onMore,
  children,
}: {
  readonly list: {
    readonly status: string;
    readonly entries: readonly E[];
    readonly hasMore: boolean;
  } | null;
  readonly empty: ReactNode;
  readonly onRetry: () => void;
  readonly onMore: () => void;
  readonly children: (entries: readonly E[]) => ReactNode;
}) => {
  const intl = useIntl();
  if (list === null || (list.status === 'loading' && list.entries.length === 0))
    return (
      <div aria-busy="true" data-testid="list-loading">
        <Skeleton lines={4} />
      </div>
    );
  if (list.status === 'failed' && list.entries.length === 0)
    return (
      <ErrorState
        title={<FormattedMessage id="social.list.failed" />}
        retryLabel={intl.formatMessage({ id: 'social.retry' })}
        onRetry={onRetry}
        level={3}
      />
    );
  if (list.entries.length === 0) return <>{empty}</>;
  return (
    <>
      {children(list.entries)}
      {list.hasMore && (
        <Button className={styles.more} loading={list.status === 'loading'} onClick={onMore}>
          <FormattedMessage id="social.more" />
        </Button>
      )}
    </>
  );
};

export const Empty = ({ titleId, bodyId }: { readonly titleId: string; readonly bodyId?: string }) => (
  <EmptyState
    level={3}
    title={<FormattedMessage id={titleId} />}
    body={bodyId ? <FormattedMessage id={bodyId} /> : undefined}
  />
);
