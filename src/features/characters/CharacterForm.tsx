import { FormattedMessage } from 'react-intl';
import { characters } from '../../../domain/index.js';
import { Button } from '../../ui';
import styles from './Characters.module.css';
import { AbilitiesSection, CoverSection, PersonaSection, TypeSection } from './CharacterFormSections';
import { useCharacterFormState } from './useCharacterFormState';

/**
 * The new-digital-person form (spec §2 newCharacter), also the edit form: type (0 and 2 digital,
 * 1 tool, 3 agent), a preset from the digital-person defaults, templates by gender, name, intro,
 * greeting, memory (init_mem_num), voice and an uploaded cover. The domain's rules check it.
 */
export const CharacterForm = ({ editing }: { readonly editing: characters.ChatCharacter | null }) => {
  const { form, setForm, set, errorOf, submit, saved, presets, templates, navigate } =
    useCharacterFormState(editing);
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="character-form">
      <TypeSection form={form} set={set} setForm={setForm} presets={presets} isNew={editing === null} />
      <PersonaSection form={form} set={set} setForm={setForm} templates={templates} errorOf={errorOf} />
      <AbilitiesSection form={form} set={set} errorOf={errorOf} />
      <CoverSection errorOf={errorOf} />

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
