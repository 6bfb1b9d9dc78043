/** The characters' calls as the domain holds them (the chat screens and the character pages show them). */
import { chat, type characters } from '../../domain/index.js';
import type { Character } from '../contract/characters';

/** A character of the studio calls as the chat screens show it. */
export const toChatCharacter = (c: Character): characters.ChatCharacter => ({
  id: c.id,
  name: c.name,
  intro: c.intro,
  greeting: c.greeting,
  kind: chat.characterKind(c.character_type),
  coverUrl: c.cover.url === '' ? null : c.cover.url,
  isOfficialAgent: c.is_official_agent,
  characterType: c.character_type,
  initMemNum: c.init_mem_num,
  supportVoice: c.support_voice,
  voice: c.voice,
  gender: c.gender,
  isPublic: c.is_public,
  isMine: c.is_mine,
  author: c.author,
});
