/** The character screens (spec §2 character and tavern routes); pages are loaded by their routes. */
export { CharacterCard } from './CharacterCard';
