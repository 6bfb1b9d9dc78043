import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { characters } from '../../../domain/index.js';
import {
  loadCharacterDefaults,
  loadCharacterTemplates,
  resetCharacterForm,
  saveCharacter,
} from '../../../infrastructure/streaming/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { useLocale } from '../../i18n/locale';
import { Button, Field, Select, Slider, Switch, TextArea, TextInput, VisuallyHidden } from '../../ui';
import { Uploader } from '../uploads';
import styles from './Characters.module.css';
import { useCharacterForm, useDefaults, useSlotUpload, useTemplates } from './useCharacters';

export const COVER_FIELD = 'characterCover';

/**
 * The new-digital-person form (spec §2 newCharacter), also the edit form: type (0 and 2 digital,
 * 1 tool, 3 agent), a preset from the digital-person defaults, templates by gender, name, intro,
 * greeting, memory (init_mem_num), voice and an uploaded cover. The domain's rules check it.
 */
export const CharacterForm = ({ editing }: { readonly editing: characters.ChatCharacter | null }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { to } = useLocale();
  const defaults = useDefaults();
  const saved = useCharacterForm();
  const [form, setForm] = useState<characters.CharacterForm>(() =>
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
        },
  );
  const [touched, setTouched] = useState(false);
  const [defaultsApplied, setDefaultsApplied] = useState(editing !== null);
  // The cover slot may hold an upload from an earlier visit: only one started here counts.
  const cover = useSlotUpload(COVER_FIELD);
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
  const set = <K extends keyof characters.CharacterForm>(key: K, value: characters.CharacterForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

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
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="character-form">
      <section className={styles.section} aria-labelledby="type-title">
        <h2 id="type-title">
          <FormattedMessage id="characters.form.type" />
        </h2>
        <fieldset className={styles.typeGroup}>
          <VisuallyHidden asChild>
            <legend>
              <FormattedMessage id="characters.form.type" />
            </legend>
          </VisuallyHidden>
          {characters.CHARACTER_TYPES.map((t) => (
            <label key={t} className={styles.typeOption} data-testid={`type-${t}`}>
              <input
                type="radio"
                name="characterType"
                value={t}
                checked={form.characterType === t}
                onChange={() => set('characterType', t)}
              />
              <span className={styles.typeName}>
                <FormattedMessage id={`characters.form.type.${t}`} />
              </span>
              <span className={styles.typeHint}>
                <FormattedMessage id={`characters.form.type.${t}.hint`} />
              </span>
            </label>
          ))}
        </fieldset>
        {editing === null && presets.length > 0 && (
          <div>
            <p className={styles.muted}>
              <FormattedMessage id="characters.form.presets" />
            </p>
            <div className={styles.chips} data-testid="presets">
              {presets.map((p) => (
                <Button
                  key={p.id}
                  size="sm"
                  variant="secondary"
                  onClick={() => setForm((f) => characters.applyPreset(f, p))}
                >
                  {p.name}
                </Button>
              ))}
            </div>
          </div>
        )}
      </section>

      <section className={styles.section} aria-labelledby="persona-title">
        <h2 id="persona-title">
          <FormattedMessage id="characters.form.persona" />
        </h2>
        <Field label={<FormattedMessage id="characters.form.name" />} required error={errorOf('name')}>
          <TextInput
            value={form.name}
            maxLength={characters.CHARACTER_NAME_MAX}
            onChange={(e) => set('name', e.target.value)}
            data-testid="character-name"
          />
        </Field>
        <div className={styles.row}>
          <Select
            label={intl.formatMessage({ id: 'characters.form.gender' })}
            value={form.gender}
            onValueChange={(v) => set('gender', v as characters.CharacterGender)}
            options={characters.CHARACTER_GENDERS.map((g) => ({
              value: g,
              label: intl.formatMessage({ id: `characters.form.gender.${g}` }),
            }))}
          />
          <Select
            label={intl.formatMessage({ id: 'characters.form.template' })}
            placeholder={intl.formatMessage({ id: 'characters.form.templatePick' })}
            value=""
            disabled={templates === null || templates.items.length === 0}
            onValueChange={(v) => {
              const t = templates?.items.find((x) => x.id === v);
              if (t) setForm((f) => characters.applyTemplate(f, t));
            }}
            options={(templates?.items ?? []).map((t) => ({ value: t.id, label: t.title }))}
          />
        </div>
        <Field
          label={<FormattedMessage id="characters.form.intro" />}
          error={errorOf('intro')}
          help={`${form.intro.length}/${characters.CHARACTER_INTRO_MAX}`}
        >
          <TextArea
            rows={4}
            value={form.intro}
            maxLength={characters.CHARACTER_INTRO_MAX}
            onChange={(e) => set('intro', e.target.value)}
            data-testid="character-intro"
          />
        </Field>
        <Field
          label={<FormattedMessage id="characters.form.greeting" />}
          error={errorOf('greeting')}
          help={<FormattedMessage id="characters.form.greetingHelp" />}
        >
          <TextArea
            rows={2}
            value={form.greeting}
            maxLength={characters.CHARACTER_GREETING_MAX}
            onChange={(e) => set('greeting', e.target.value)}
            data-testid="character-greeting-input"
          />
        </Field>
      </section>

      <section className={styles.section} aria-labelledby="abilities-title">
        <h2 id="abilities-title">
          <FormattedMessage id="characters.form.abilities" />
        </h2>
        <div>
          <Slider
            label={intl.formatMessage({ id: 'characters.form.memory' })}
            min={0}
            max={characters.INIT_MEM_NUM_MAX}
            step={1}
            value={form.initMemNum}
            onValueChange={(v) => set('initMemNum', v)}
            formatValue={(v) => intl.formatMessage({ id: 'characters.detail.memoryValue' }, { count: v })}
          />
          <p className={styles.muted}>
            <FormattedMessage id="characters.form.memoryHelp" />
          </p>
          {errorOf('initMemNum') !== undefined && (
            <p className={styles.error} role="alert">
              {errorOf('initMemNum')}
            </p>
          )}
        </div>
        <Switch
          label={<FormattedMessage id="characters.form.supportVoice" />}
          description={<FormattedMessage id="characters.form.supportVoiceHelp" />}
          checked={form.supportVoice}
          onCheckedChange={(v) => set('supportVoice', v)}
        />
        {form.supportVoice && (
          <Select
            label={intl.formatMessage({ id: 'characters.form.voice' })}
            value={form.voice}
            onValueChange={(v) => set('voice', v === 'male' ? 'male' : 'female')}
            options={(['female', 'male'] as const).map((v) => ({
              value: v,
              label: intl.formatMessage({ id: `characters.form.voice.${v}` }),
            }))}
          />
        )}
        <Switch
          label={<FormattedMessage id="characters.form.public" />}
          description={<FormattedMessage id="characters.form.publicHelp" />}
          checked={form.isPublic}
          onCheckedChange={(v) => set('isPublic', v)}
        />
      </section>

      <section className={styles.section} aria-labelledby="cover-title">
        <h2 id="cover-title">
          <FormattedMessage id="characters.form.cover" />
        </h2>
        <p className={styles.muted}>
          <FormattedMessage id="characters.form.coverHelp" />
        </p>
        <Uploader
          field={COVER_FIELD}
          accept="image/png,image/jpeg,image/webp,image/gif"
          labelId="characters.form.coverPick"
        />
        {errorOf('cover') !== undefined && (
          <p className={styles.error} role="alert">
            {errorOf('cover')}
          </p>
        )}
      </section>

      {saved.status === 'failed' && (
        <p className={styles.error} role="alert">
          <FormattedMessage id="characters.form.saveFailed" />
        </p>
      )}
      <div className={styles.formFooter}>
        <Button variant="ghost" onClick={() => void navigate(-1)}>
          <FormattedMessage id="characters.cancel" />
        </Button>
        <Button
          type="submit"
          variant="primary"
          loading={saved.status === 'saving'}
          data-testid="character-save"
        >
          <FormattedMessage id={editing === null ? 'characters.form.create' : 'characters.form.save'} />
        </Button>
      </div>
    </form>
  );
};
