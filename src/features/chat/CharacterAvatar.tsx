import { images, type characters } from '../../../domain/index.js';
import { AVATAR_PX, Avatar } from '../../ui';

/** A character's cover as an avatar (its initial when it has none). */
export const CharacterAvatar = ({
  character,
  size,
}: {
  readonly character: characters.ChatCharacter;
  readonly size: 'sm' | 'xl';
}) => (
  <Avatar
    src={character.coverUrl}
    sources={images.assumedSourcesOf(character.coverUrl, AVATAR_PX[size])}
    name={character.name}
    size={size}
    decorative
  />
);
