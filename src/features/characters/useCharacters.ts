/** What the character screens show, from memoised selectors over the characters context. */
import { createSelector } from '../../../domain/kernel/memo.js';
import { characters, flags, session, uploads, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

const selectMine = createSelector([(s: RootState) => s.characters], (c) => characters.selectMyCharacters(c));
const selectResults = createSelector([(s: RootState) => s.characters], (c) =>
  characters.selectSearchResults(c),
);
const selectChatRows = createSelector([(s: RootState) => s.characters], (c) =>
  characters.selectChats(c).items.flatMap((chat) => {
    const character = characters.selectCharacter(c, chat.characterId);
    return character === null ? [] : [{ chat, character }];
  }),
);

export const useIsGuest = () => useAppSelector((s) => session.selectIsGuest(s.session));

export const useCharacterLookup = (id: string) =>
  useAppSelector((s) => characters.selectCharacterLookup(s.characters, id));

export const useMyCharacters = () => ({
  status: useAppSelector((s) => characters.selectMyCharactersStatus(s.characters)),
  list: useAppSelector(selectMine),
});

export const useCharacterSearch = () => ({
  search: useAppSelector((s) => characters.selectSearch(s.characters)),
  results: useAppSelector(selectResults),
});

export const useChats = () => ({
  status: useAppSelector((s) => characters.selectChats(s.characters).status),
  rows: useAppSelector(selectChatRows),
});

export const useCharacterForm = () => useAppSelector((s) => characters.selectCharacterForm(s.characters));
export const useDefaults = () => useAppSelector((s) => characters.selectDefaults(s.characters));
export const useTemplates = (gender: characters.CharacterGender) =>
  useAppSelector((s) => characters.selectTemplates(s.characters, gender));
export const useDeleteStatus = (id: string) =>
  useAppSelector((s) => characters.selectDeleteStatus(s.characters, id));

/** Spec §2: tavern routes also need the ST-tavern test and permission; links to them follow it. */
export const useTavernAllowed = () =>
  useAppSelector(
    (s) =>
      flags.selectRouteFlags(s.flags).abStTavern === true &&
      flags.selectRouteCookies(s.flags).enable_st_tavern === 'true',
  );

/** The newest upload of an uploader slot: its id, phase and progress (0..1). */
export const useSlotUpload = (field: string) => {
  const latest =
    useAppSelector((s) => uploads.selectUploadList(s.uploads).find((u) => u.field === field)) ?? null;
  const progress = useAppSelector((s) => (latest ? uploads.selectUploadProgress(s.uploads, latest.id) : 0));
  return { latest, progress, running: latest !== null && uploads.isRunning(latest.phase) };
};
