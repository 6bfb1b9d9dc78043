import { FormattedMessage } from 'react-intl';
import { CharacterForm } from '../CharacterForm';
import { GuestGate } from '../GuestGate';
import styles from '../Characters.module.css';

/** Spec §2 newCharacter: create a new digital person (or a tool or an agent). */
const NewCharacterPage = () => (
  <div className={styles.page}>
    <header className={styles.form}>
      <h1 className={styles.heading}>
        <FormattedMessage id="characters.new.title" />
      </h1>
      <p className={styles.subtitle}>
        <FormattedMessage id="characters.new.subtitle" />
      </p>
    </header>
    <GuestGate>
      <CharacterForm editing={null} />
    </GuestGate>
  </div>
);

export default NewCharacterPage;
