/** Chat with characters (spec §2 character routes): the pages are loaded by their routes from ./pages. */
export { CharacterAvatar } from './CharacterAvatar';
