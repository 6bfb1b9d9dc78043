import { FormattedMessage, useIntl } from 'react-intl';
import { characters } from '../../../domain/index.js';
import { Button, Field, Select, Slider, Switch, TextArea, TextInput, VisuallyHidden } from '../../ui';
import { Uploader } from '../uploads';
import styles from './Characters.module.css';
import type { useTemplates } from './useCharacters';
import { COVER_FIELD, type SetCharacterField } from './useCharacterFormState';

type SetForm = (update: (f: characters.CharacterForm) => characters.CharacterForm) => void;
type ErrorOf = (field: characters.CharacterFormField) => string | undefined;

/** The character type (digital, tool, agent) and, for a new one, the presets. */
export const TypeSection = ({
  form,
  set,
  setForm,
  presets,
  isNew,
}: {
  readonly form: characters.CharacterForm;
  readonly set: SetCharacterField;
  readonly setForm: SetForm;
  readonly presets: readonly characters.CharacterPreset[];
  readonly isNew: boolean;
}) => (
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
    {isNew && presets.length > 0 && (
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
);

/** Name, gender, a template, intro and greeting. */
export const PersonaSection = ({
  form,
  set,
  setForm,
  templates,
  errorOf,
}: {
  readonly form: characters.CharacterForm;
  readonly set: SetCharacterField;
  readonly setForm: SetForm;
  readonly templates: ReturnType<typeof useTemplates>;
  readonly errorOf: ErrorOf;
}) => {
  const intl = useIntl();
  return (
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
  );
};

/** Memory, voice and whether the character is public. */
export const AbilitiesSection = ({
  form,
  set,
  errorOf,
}: {
  readonly form: characters.CharacterForm;
  readonly set: SetCharacterField;
  readonly errorOf: ErrorOf;
}) => {
  const intl = useIntl();
  return (
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
  );
};

/** The cover upload and its problem. */
export const CoverSection = ({ errorOf }: { readonly errorOf: ErrorOf }) => (
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
);
