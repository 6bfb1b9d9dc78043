/** Commands of the characters (spec §7): the directory, one's own, the form, defaults and templates, the chats list. */
import type { characters } from '../../domain/index.js';
import { defineCommand } from '../store/commands';

/** Load the character directory (spec §7 character list: every character the caller may chat with). */
export const loadCharacters = defineCommand()('characters/loadList');
/** One character by id (its detail page, its chat): known afterwards, or missing (a real 404). */
export const loadCharacter = defineCommand<{ readonly id: string }>()('characters/loadOne');
/** The caller's own characters (spec §2 myCharacters). */
export const loadMyCharacters = defineCommand()('characters/loadMine');
/** Spec §2 tavernSearch: the first page for `keyword`, or (append) the next one. */
export const searchCharacters = defineCommand<{ readonly keyword: string; readonly append?: boolean }>()(
  'characters/search',
);
/**
 * Creates (no id) or updates a character from the form. `coverFileId`: an uploaded image to be its
 * cover; null puts the generated cover back (update); absent keeps it.
 */
export const saveCharacter = defineCommand<{
  readonly id?: string;
  readonly form: characters.CharacterForm;
  readonly coverFileId?: string | null;
}>()('characters/save');
/** The form is opened afresh (a finished save is forgotten). */
export const resetCharacterForm = defineCommand()('characters/resetForm');
export const deleteCharacter = defineCommand<{ readonly id: string }>()('characters/delete');
/** Spec §7 digital person defaults (girlfriend_list). */
export const loadCharacterDefaults = defineCommand()('characters/loadDefaults');
/** Spec §7 templates by gender. */
export const loadCharacterTemplates = defineCommand<{ readonly gender: characters.CharacterGender }>()(
  'characters/loadTemplates',
);
/** The caller's chats (spec §2 tavernChatsHome). */
export const loadChats = defineCommand()('characters/loadChats');
