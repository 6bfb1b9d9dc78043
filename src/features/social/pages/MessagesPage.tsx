import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { format, images, messages } from '../../../../domain/index.js';
import {
  loadMessages,
  loadUnreadCounts,
  markAllMessagesRead,
  markMessageRead,
} from '../../../../infrastructure/social/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { AVATAR_PX, Avatar, Badge, Button, Picture, TabsNav } from '../../../ui';
import { Empty, ListStates } from '../parts';
import styles from '../Social.module.css';
import { useMessageList, useUnreadCounts } from '../useSocial';

const typeOf = (name: string | null): messages.MessageType =>
  (messages.MESSAGE_TYPES as readonly string[]).includes(name ?? '')
    ? (name as messages.MessageType)
    : 'likeCol';

/** The side of a message's work cover (Social.module.css `.messageCover`). */
const MESSAGE_COVER_PX = 48;

const MessageRow = ({ m, now }: { readonly m: messages.Message; readonly now: number }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const ago = format.timeAgo(m.createdAt, now);
  const unit =
    ago.unit === 'minutes'
      ? 'minute'
      : ago.unit === 'hours'
        ? 'hour'
        : ago.unit === 'days'
          ? 'day'
          : ago.unit === 'months'
            ? 'month'
            : 'year';
  const actor = m.actor?.name ?? intl.formatMessage({ id: 'messages.system' });
  return (
    <li
      className={styles.message}
      data-unread={!m.isRead || undefined}
      data-testid="message"
      data-read={m.isRead}
    >
      <Avatar
        src={m.actor?.avatar || null}
        sources={images.assumedSourcesOf(m.actor?.avatar, AVATAR_PX.sm)}
        frameUrl={m.actor?.avatarFrame ?? null}
        frameSources={images.assumedSourcesOf(m.actor?.avatarFrame, AVATAR_PX.sm)}
        name={actor}
        size="sm"
        decorative
      />
      <div className={styles.messageText}>
        <p className={styles.messageLine}>
          {m.actor ? (
            <Link to={to(`/user/${encodeURIComponent(m.actor.id)}`)} className={styles.personName}>
              {m.actor.name}
            </Link>
          ) : (
            <strong>{actor}</strong>
          )}{' '}
          <FormattedMessage id={`messages.action.${m.action}`} />
          {m.content !== '' && <span className={styles.muted}> · {m.content}</span>}
        </p>
        <span className={styles.muted}>{intl.formatRelativeTime(-ago.value, unit)}</span>
      </div>
      {m.cover && (
        <Picture
          className={styles.messageCover}
          {...images.pictureOf(m.cover.url, MESSAGE_COVER_PX, m.cover.width)}
          width={m.cover.width}
          height={m.cover.height}
          alt=""
        />
      )}
      {!m.isRead && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => dispatch(markMessageRead({ type: m.type, id: m.id }))}
          data-testid="mark-read"
        >
          <FormattedMessage id="messages.markRead" />
        </Button>
      )}
    </li>
  );
};

/** Spec §4 messages: the unread counts per type, a list per type, read one, read all. */
const MessagesPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const [params] = useSearchParams();
  const type = typeOf(params.get('type'));
  const counts = useUnreadCounts();
  const list = useMessageList(type);
  // "Time ago" is measured from when the list arrived (its event's time, from the store's clock).
  const now = list?.receivedAt ?? null;
  useEffect(() => {
    dispatch(loadUnreadCounts({}));
  }, [dispatch]);
  useEffect(() => {
    dispatch(loadMessages({ type, reset: true }));
  }, [dispatch, type]);
  const href = (t: messages.MessageType) => `${to('/messages')}${t === 'likeCol' ? '' : `?type=${t}`}`;
  const view = list === null ? null : { status: list.status, entries: list.messages, hasMore: list.hasMore };
  return (
    <div className={styles.page} data-testid="messages-page">
      <div className={styles.head}>
        <div className={styles.headText}>
          <h1 className={styles.title}>
            <FormattedMessage id="messages.title" />
          </h1>
          <span className={styles.muted} data-testid="unread-total">
            <FormattedMessage id="messages.unreadTotal" values={{ count: counts.total }} />
          </span>
        </div>
        <Button
          onClick={() => dispatch(markAllMessagesRead({}))}
          disabled={counts.total === 0}
          data-testid="read-all"
        >
          <FormattedMessage id="messages.readAll" />
        </Button>
      </div>
      <TabsNav
        label={intl.formatMessage({ id: 'messages.types' })}
        current={href(type)}
        items={messages.MESSAGE_TYPES.map((t) => ({
          href: href(t),
          label: (
            <>
              <FormattedMessage id={`messages.type.${t}`} />
              {counts[t] > 0 && (
                <>
                  {' '}
                  <Badge tone="accent" data-testid={`unread-${t}`}>
                    {counts[t]}
                  </Badge>
                </>
              )}
            </>
          ),
        }))}
        renderLink={(p) => (
          <Link
            to={p.href}
            className={p.className}
            aria-current={p['aria-current']}
            data-testid="message-type"
          >
            {p.children}
          </Link>
        )}
      />
      <ListStates
        list={view}
        empty={<Empty titleId="messages.empty" />}
        onRetry={() => dispatch(loadMessages({ type, reset: true }))}
        onMore={() => dispatch(loadMessages({ type }))}
      >
        {(entries) => (
          <ul className={styles.messages} data-testid="message-list">
            {entries.map((m) => (
              <MessageRow key={m.id} m={m} now={now ?? m.createdAt} />
            ))}
          </ul>
        )}
      </ListStates>
    </div>
  );
};

export default MessagesPage;
