import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { characters } from '../../../domain/index.js';
import {
  loadCharacterDefaults,
  loadCharacterTemplates,
  resetCharacterForm,
  saveCharacter,
} from '../../../infrastructure/characters/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { useLocale } from '../../i18n/locale';
import { useFieldUpload } from '../uploads';
import { useCharacterForm, useDefaults, useTemplates } from './useCharacters';

export const COVER_FIELD = 'characterCover';

/** The form a character starts from: empty, or the edited character's fields. */
const initialForm = (editing: characters.ChatCharacter | null): characters.CharacterForm =>
  editing === null
    ? characters.emptyCharacterForm()
    : {
        characterType: characters.asCharacterType(editing.characterType ?? 0),
        name: editing.name,
        intro: editing.intro,
        greeting: editing.greeting,
        gender: editing.gender ?? 'female',
        voice: editing.voice ?? 'female',
        supportVoice: editing.supportVoice ?? false,
        initMemNum: editing.initMemNum ?? 0,
        isPublic: editing.isPublic ?? true,
      };

/** Sets one field of the character form. */
export type SetCharacterField = <K extends keyof characters.CharacterForm>(
  key: K,
  value: characters.CharacterForm[K],
) => void;

/**
 * The character form's state: the fields (the server's defaults fill a new form once), the
 * templates of the chosen gender, the cover upload started here, the domain's errors, the save,
 * and the way on to the saved character.
 */
export const useCharacterFormState = (editing: characters.ChatCharacter | null) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { to } = useLocale();
  const defaults = useDefaults();
  const saved = useCharacterForm();
  const [form, setForm] = useState<characters.CharacterForm>(() => initialForm(editing));
  const [touched, setTouched] = useState(false);
  const [defaultsApplied, setDefaultsApplied] = useState(editing !== null);
  // The cover slot may hold an upload from an earlier visit: only one started here counts.
  const cover = useFieldUpload(COVER_FIELD);
  const [coverBaseline] = useState(cover.latest?.id ?? null);
  const freshCover = cover.latest !== null && cover.latest.id !== coverBaseline ? cover.latest : null;
  const templates = useTemplates(form.gender);

  useEffect(() => {
    dispatch(resetCharacterForm({}));
    dispatch(loadCharacterDefaults({}));
  }, [dispatch]);
  useEffect(() => {
    dispatch(loadCharacterTemplates({ gender: form.gender }));
  }, [dispatch, form.gender]);
  // The server's defaults (type, memory) fill a new form once they arrive.
  if (!defaultsApplied && defaults.status === 'loaded') {
    setDefaultsApplied(true);
    setForm((f) => ({
      ...f,
      characterType: characters.asCharacterType(defaults.characterType),
      initMemNum: defaults.initMemNum,
    }));
  }
  const [submitted, setSubmitted] = useState(false);
  // Only a save sent from this form leads on (a save left from an earlier visit does not).
  useEffect(() => {
    if (submitted && saved.status === 'saved')
      void navigate(to(`/characters/${encodeURIComponent(saved.id)}`));
  }, [submitted, saved, navigate, to]);

  const coverUploading = freshCover !== null && cover.running;
  const errors = characters.validateCharacterForm(form, coverUploading);
  const errorOf = (field: characters.CharacterFormField) => {
    const e = touched ? errors.find((x) => x.field === field) : undefined;
    return e === undefined ? undefined : intl.formatMessage({ id: e.key }, e.values);
  };
  const set: SetCharacterField = (key, value) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (errors.length > 0) return;
    setSubmitted(true);
    const coverFileId =
      freshCover !== null && freshCover.phase.status === 'complete' ? freshCover.phase.fileId : undefined;
    dispatch(
      saveCharacter({
        ...(editing === null ? {} : { id: editing.id }),
        form,
        ...(coverFileId === undefined ? {} : { coverFileId }),
      }),
    );
  };

  const presets = defaults.status === 'loaded' ? defaults.presets : [];
  return { form, setForm, set, errorOf, submit, saved, presets, templates, navigate };
};
