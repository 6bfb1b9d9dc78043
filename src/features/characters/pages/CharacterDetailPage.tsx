import { useEffect } from 'react';
import { useParams } from 'react-router';
import { loadCharacter } from '../../../../infrastructure/characters/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { CharacterProfile } from '../CharacterProfile';

/** Spec §2 CharacterDetail: `/characters/:id`. */
const CharacterDetailPage = () => {
  const id = useParams()['id'] ?? '';
  const dispatch = useAppDispatch();
  // Refreshed on every visit (an edit elsewhere, a changed cover).
  useEffect(() => {
    dispatch(loadCharacter({ id }));
  }, [dispatch, id]);
  return <CharacterProfile id={id} variant="character" />;
};

export default CharacterDetailPage;
