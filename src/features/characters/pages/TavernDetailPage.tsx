import { useEffect } from 'react';
import { useParams } from 'react-router';
import { loadCharacter } from '../../../../infrastructure/characters/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { CharacterProfile } from '../CharacterProfile';

/** Spec §2 tavernDetail: `/tavern/:id`, a character as the tavern shows it. */
const TavernDetailPage = () => {
  const id = useParams()['id'] ?? '';
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(loadCharacter({ id }));
  }, [dispatch, id]);
  return <CharacterProfile id={id} variant="tavern" />;
};

export default TavernDetailPage;
