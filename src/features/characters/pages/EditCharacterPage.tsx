import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { loadCharacter } from '../../../../infrastructure/characters/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { EmptyState, ErrorState, Skeleton } from '../../../ui';
import { CharacterForm } from '../CharacterForm';
import { GuestGate } from '../GuestGate';
import styles from '../Characters.module.css';
import { useCharacterLookup } from '../useCharacters';

/** `/characters/:id/edit`: the owner's form for one of their characters. */
const EditCharacterPage = () => {
  const intl = useIntl();
  const id = useParams()['id'] ?? '';
  const dispatch = useAppDispatch();
  const lookup = useCharacterLookup(id);
  useEffect(() => {
    dispatch(loadCharacter({ id }));
  }, [dispatch, id]);
  const body = () => {
    if (lookup === null || lookup.status === 'loading')
      return (
        <div className={styles.form} aria-busy="true">
          <Skeleton height="160px" />
          <Skeleton height="240px" />
        </div>
      );
    if (lookup.status === 'error')
      return (
        <ErrorState
          title={<FormattedMessage id="characters.detail.error" />}
          retryLabel={intl.formatMessage({ id: 'chat.list.retry' })}
          onRetry={() => dispatch(loadCharacter({ id }))}
        />
      );
    if (lookup.status === 'missing' || lookup.character.isMine !== true)
      return <EmptyState title={<FormattedMessage id="characters.edit.notYours" />} />;
    return <CharacterForm key={lookup.character.id} editing={lookup.character} />;
  };
  return (
    <div className={styles.page}>
      <header className={styles.form}>
        <h1 className={styles.heading}>
          <FormattedMessage id="characters.edit.title" />
        </h1>
      </header>
      <GuestGate>{body()}</GuestGate>
    </div>
  );
};

export default EditCharacterPage;
