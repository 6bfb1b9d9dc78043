import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { deleteCharacter, loadCharacter } from '../../../infrastructure/streaming/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { useLocale } from '../../i18n/locale';
import { images } from '../../../domain/index.js';
import { Badge, Button, ConfirmDialog, EmptyState, ErrorState, Picture, Skeleton } from '../../ui';
import styles from './Characters.module.css';
import { useCharacterLookup, useDeleteStatus, useTavernAllowed } from './useCharacters';

/** How wide the page's cover is shown at most (Characters.module.css `.detail`, 3:4). */
const DETAIL_COVER_PX = 320;

/**
 * A character's page (spec §2 CharacterDetail; in the tavern, tavernDetail): cover, kind, official
 * mark, author, intro, greeting, memory and voice, and what one can do: chat, and for its owner
 * edit and delete.
 */
export const CharacterProfile = ({
  id,
  variant,
}: {
  readonly id: string;
  readonly variant: 'character' | 'tavern';
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { to } = useLocale();
  const lookup = useCharacterLookup(id);
  const deleting = useDeleteStatus(id);
  const tavern = useTavernAllowed();
  const [confirm, setConfirm] = useState(false);
  const [deleted, setDeleted] = useState(false);

  useEffect(() => {
    if (deleted && lookup?.status === 'missing') void navigate(to('/myCharacters'), { replace: true });
  }, [deleted, lookup?.status, navigate, to]);

  if (lookup === null || lookup.status === 'loading')
    return (
      <div className={styles.detail} aria-busy="true" data-testid="character-loading">
        <Skeleton height="420px" />
        <div className={styles.detailBody}>
          <Skeleton height="40px" width="60%" />
          <Skeleton height="20px" />
          <Skeleton height="20px" width="80%" />
        </div>
      </div>
    );
  if (lookup.status === 'error')
    return (
      <ErrorState
        level={1}
        title={<FormattedMessage id="characters.detail.error" />}
        retryLabel={intl.formatMessage({ id: 'chat.list.retry' })}
        onRetry={() => dispatch(loadCharacter({ id }))}
      />
    );
  if (lookup.status === 'missing')
    return <EmptyState level={1} title={<FormattedMessage id="characters.detail.missing" />} />;

  const c = lookup.character;
  const chatHref = `/chat/${encodeURIComponent(c.id)}`;
  return (
    <article className={styles.detail} aria-labelledby="character-title" data-testid="character-detail">
      <div className={styles.detailCover}>
        {c.coverUrl !== null && (
          <Picture
            {...images.pictureOf(c.coverUrl, DETAIL_COVER_PX)}
            width={DETAIL_COVER_PX}
            height={(DETAIL_COVER_PX * 4) / 3}
            alt={intl.formatMessage({ id: 'characters.detail.cover' }, { name: c.name })}
            priority
          />
        )}
      </div>
      <div className={styles.detailBody}>
        <div className={styles.badges}>
          <Badge>
            <FormattedMessage id={`chat.kind.${c.kind}`} />
          </Badge>
          {c.isOfficialAgent && (
            <Badge tone="success" data-testid="official-badge">
              <FormattedMessage id="chat.official" />
            </Badge>
          )}
          {c.supportVoice === true && (
            <Badge tone="info">
              <FormattedMessage id="characters.voice" />
            </Badge>
          )}
          {c.isPublic === false && (
            <Badge tone="neutral">
              <FormattedMessage id="characters.private" />
            </Badge>
          )}
        </div>
        <h1 dir="auto" id="character-title">
          {c.name}
        </h1>
        <p className={styles.muted}>
          {c.author == null ? (
            <FormattedMessage id="characters.detail.byPlatform" />
          ) : (
            <FormattedMessage id="characters.detail.by" values={{ name: c.author.name }} />
          )}
        </p>
        {c.intro !== '' && <p dir="auto">{c.intro}</p>}
        {c.greeting !== '' && (
          <blockquote className={styles.greeting} data-testid="character-greeting">
            {c.greeting}
          </blockquote>
        )}
        <dl className={styles.facts}>
          <dt>
            <FormattedMessage id="characters.detail.memory" />
          </dt>
          <dd>
            <FormattedMessage id="characters.detail.memoryValue" values={{ count: c.initMemNum ?? 0 }} />
          </dd>
          <dt>
            <FormattedMessage id="characters.detail.voiceLabel" />
          </dt>
          <dd>
            <FormattedMessage
              id={
                c.supportVoice === true
                  ? `characters.form.voice.${c.voice ?? 'female'}`
                  : 'characters.detail.noVoice'
              }
            />
          </dd>
        </dl>
        <div className={styles.actions}>
          <Button asChild variant="primary" data-testid="character-chat">
            <Link to={to(chatHref)}>
              <FormattedMessage
                id={variant === 'tavern' ? 'characters.tavern.startChat' : 'characters.detail.chat'}
              />
            </Link>
          </Button>
          {variant === 'character' && tavern && (
            <Button asChild variant="secondary">
              <Link to={to(`/tavern/${encodeURIComponent(c.id)}`)}>
                <FormattedMessage id="characters.detail.inTavern" />
              </Link>
            </Button>
          )}
          {variant === 'tavern' && (
            <Button asChild variant="secondary">
              <Link to={to('/tavern/chats')}>
                <FormattedMessage id="characters.tavern.chats" />
              </Link>
            </Button>
          )}
          {c.isMine === true && (
            <>
              <Button asChild variant="secondary" data-testid="character-edit">
                <Link to={to(`/characters/${encodeURIComponent(c.id)}/edit`)}>
                  <FormattedMessage id="characters.edit" />
                </Link>
              </Button>
              <Button
                variant="danger"
                data-testid="character-delete"
                disabled={deleting === 'deleting'}
                onClick={() => setConfirm(true)}
              >
                <FormattedMessage id="characters.delete" />
              </Button>
            </>
          )}
        </div>
        {deleting === 'failed' && (
          <p className={styles.error} role="alert">
            <FormattedMessage id="characters.deleteFailed" />
          </p>
        )}
      </div>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        danger
        title={<FormattedMessage id="characters.deleteConfirm.title" values={{ name: c.name }} />}
        body={<FormattedMessage id="characters.deleteConfirm.body" />}
        confirmLabel={intl.formatMessage({ id: 'characters.delete' })}
        cancelLabel={intl.formatMessage({ id: 'characters.cancel' })}
        confirming={deleting === 'deleting'}
        onConfirm={() => {
          setDeleted(true);
          setConfirm(false);
          dispatch(deleteCharacter({ id: c.id }));
        }}
      />
    </article>
  );
};
