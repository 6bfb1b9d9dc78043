/** Result rows of the search and tag pages: tags, people, and works (the details feature's tiles). */
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { format, images, search } from '../../../domain/index.js';
import { useLocale } from '../../i18n/locale';
import { AVATAR_PX, Avatar, Picture, Skeleton } from '../../ui';
import styles from './Search.module.css';

/** The side of a tag card's cover (Search.module.css `.tagCard img`). */
const TAG_COVER_PX = 48;

export const TagCards = ({
  tags,
  label,
}: {
  readonly tags: readonly search.TagCard[];
  readonly label: string;
}) => {
  const { to } = useLocale();
  return (
    <ul className={styles.tagCloud} aria-label={label}>
      {tags.map((t) => (
        <li key={t.id}>
          <Link to={to(search.tagPath(t.name))} className={styles.tagCard} data-testid="tag-card">
            {t.coverUrl ? (
              <Picture
                {...images.pictureOf(t.coverUrl, TAG_COVER_PX)}
                width={TAG_COVER_PX}
                height={TAG_COVER_PX}
                alt=""
              />
            ) : (
              <span className={styles.noCover} />
            )}
            <span>
              <strong dir="auto">#{t.name}</strong>
              <small>
                <FormattedMessage
                  id="search.tagWorks"
                  values={{ count: t.works, shown: format.formatCount(t.works) }}
                />
              </small>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
};

export const UserCards = ({ users }: { readonly users: readonly search.UserCard[] }) => {
  const intl = useIntl();
  const { to } = useLocale();
  return (
    <ul className={styles.users} aria-label={intl.formatMessage({ id: 'search.tab.users' })}>
      {users.map((u) => (
        <li key={u.id}>
          <Link
            to={to(search.resultPathOf({ kind: 'user', user: u }))}
            className={styles.user}
            data-testid="user-result"
          >
            <Avatar
              src={u.avatar}
              sources={images.assumedSourcesOf(u.avatar, AVATAR_PX.md)}
              name={u.name}
              size="md"
              frameUrl={u.avatarFrame}
              frameSources={images.assumedSourcesOf(u.avatarFrame, AVATAR_PX.md)}
              decorative
            />
            <span>
              <strong dir="auto">{u.name}</strong>
              <small>
                <FormattedMessage
                  id="search.userStats"
                  values={{
                    followers: u.followers,
                    followersShown: format.formatCount(u.followers),
                    works: u.works,
                    worksShown: format.formatCount(u.works),
                  }}
                />
              </small>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
};

export const TagSkeletons = () => (
  <ul className={styles.tagCloud} aria-hidden="true">
    {Array.from({ length: 8 }, (_, i) => (
      <li key={i}>
        <Skeleton height="66px" radius="md" />
      </li>
    ))}
  </ul>
);
