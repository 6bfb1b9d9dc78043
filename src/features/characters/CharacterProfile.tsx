import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { deleteCharacter, loadCharacter } from '../../../infrastructure/characters/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { useLocale } from '../../i18n/locale';
import { images } from '../../../domain/index.js';
import { ConfirmDialog, EmptyState, ErrorState, Picture } from '../../ui';
import styles from './Characters.module.css';
import { CharacterActions, CharacterBadges, CharacterFacts, ProfileLoading } from './CharacterProfileParts';
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

  if (lookup === null || lookup.status === 'loading') return <ProfileLoading />;
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
        <CharacterBadges c={c} />
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
        <CharacterFacts c={c} />
        <CharacterActions
          c={c}
          variant={variant}
          tavern={tavern}
          deleting={deleting}
          askDelete={() => setConfirm(true)}
        />
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
