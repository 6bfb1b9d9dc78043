import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { audio } from '../../../../domain/index.js';
import { startAudioStream } from '../../../../infrastructure/streaming/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { Button, Card, Field, Select, TextArea } from '../../../ui';
import { StreamPlayer } from '../StreamPlayer';
import styles from '../Studio.module.css';
import { useStreamStatus } from '../useStudio';

const TEXT_MAX = 500;

/** A language in its own script (spec §9: the 23 audio languages). */
const languageName = (code: string): string => {
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
};

/** Text to speech (spec §9 emotions and languages), streamed and played as it arrives. */
const AudioStudioPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const status = useStreamStatus();
  const [text, setText] = useState('');
  const [voice, setVoice] = useState<'female' | 'male'>('female');
  const [emotion, setEmotion] = useState<audio.AudioEmotion>('neutral');
  const [lang, setLang] = useState<string>('en');
  const [touched, setTouched] = useState(false);
  const blank = text.trim() === '';
  const busy = status === 'start' || status === 'paused';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (blank) return;
    dispatch(startAudioStream({ source: { kind: 'tts', text: text.trim(), voice, emotion, lang } }));
  };

  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>
          <FormattedMessage id="audioStudio.title" />
        </h1>
        <p className={styles.subtitle}>
          <FormattedMessage id="audioStudio.subtitle" />
        </p>
      </header>
      <div className={styles.two}>
        <Card padding="lg">
          <form className={styles.form} onSubmit={submit} noValidate>
            <Field
              label={<FormattedMessage id="audioStudio.text" />}
              error={touched && blank ? <FormattedMessage id="audioStudio.textRequired" /> : undefined}
              help={
                <FormattedMessage id="create.prompt.count" values={{ count: text.length, max: TEXT_MAX }} />
              }
            >
              <TextArea
                rows={5}
                maxLength={TEXT_MAX}
                value={text}
                data-testid="tts-text"
                placeholder={intl.formatMessage({ id: 'audioStudio.textPlaceholder' })}
                onChange={(e) => setText(e.target.value)}
              />
            </Field>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>
                <FormattedMessage id="audioStudio.voice" />
              </legend>
              <div className={styles.chips}>
                {(['female', 'male'] as const).map((v) => (
                  <label key={v} className={styles.chip} data-selected={v === voice || undefined}>
                    <input type="radio" name="voice" checked={v === voice} onChange={() => setVoice(v)} />
                    <FormattedMessage id={`songs.voice.${v}`} />
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>
                <FormattedMessage id="audioStudio.emotion" />
              </legend>
              <div className={styles.chips}>
                {audio.AUDIO_EMOTIONS.map((em) => (
                  <label key={em} className={styles.chip} data-selected={em === emotion || undefined}>
                    <input
                      type="radio"
                      name="emotion"
                      checked={em === emotion}
                      onChange={() => setEmotion(em)}
                    />
                    <FormattedMessage id={`audioStudio.emotion.${em}`} />
                  </label>
                ))}
              </div>
            </fieldset>
            <Select
              label={intl.formatMessage({ id: 'audioStudio.language' })}
              value={lang}
              onValueChange={setLang}
              options={audio.AUDIO_LANGUAGES.map((code) => ({
                value: code,
                label: <span lang={code}>{languageName(code)}</span>,
              }))}
            />
            <Button type="submit" variant="primary" loading={busy} data-testid="tts-start">
              <FormattedMessage id="audioStudio.generate" />
            </Button>
          </form>
        </Card>
        <StreamPlayer />
      </div>
    </div>
  );
};

export default AudioStudioPage;
