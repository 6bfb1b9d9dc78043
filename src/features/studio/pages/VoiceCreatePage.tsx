import { FormattedMessage } from 'react-intl';
import { audio } from '../../../../domain/index.js';
import { Button, Card, Field, Switch, TextArea, TextInput } from '../../../ui';
import { Uploader } from '../../uploads';
import styles from '../Studio.module.css';
import { MultiChips, RadioChips, VoiceAudios, VoiceCreated, languageName } from '../VoiceParts';
import { COVER_FIELD, useVoiceForm } from '../useVoiceForm';

/**
 * Voice creation (spec §3 form, §5 validation): every rule is the domain's `validateVoiceForm`; the
 * audio list follows `addAudio` (at the limit, a new file replaces the first).
 */
const VoiceCreatePage = () => {
  const v = useVoiceForm();
  const { gender, age, langs, tones, name, text, tagText, publish } = v.fields;
  const errorOf = (field: audio.VoiceFormField) => {
    const key = v.errorKeyOf(field);
    return key ? <FormattedMessage id={key} /> : undefined;
  };

  if (v.createdVoice !== null) return <VoiceCreated v={v.createdVoice} another={v.another} />;

  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>
          <FormattedMessage id="voices.title" />
        </h1>
        <p className={styles.subtitle}>
          <FormattedMessage id="voices.subtitle" />
        </p>
      </header>
      <Card padding="lg">
        <form className={styles.form} onSubmit={v.submit} noValidate data-testid="voice-form">
          <div>
            <Uploader field={COVER_FIELD} accept="image/*" labelId="voices.cover" />
            {errorOf('cover') && <p className={styles.error}>{errorOf('cover')}</p>}
          </div>
          <RadioChips
            name="gender"
            legendId="voices.gender"
            values={audio.VOICE_GENDERS}
            chosen={gender}
            labelId={(g) => `voices.gender.${g}`}
            onChange={v.setGender}
            error={errorOf('gender')}
          />
          <RadioChips
            name="age"
            legendId="voices.age"
            values={audio.VOICE_AGES}
            chosen={age}
            labelId={(a) => `voices.age.${a}`}
            onChange={v.setAge}
            error={errorOf('age')}
          />
          <MultiChips
            name="langs"
            legendId="voices.langs"
            values={audio.AUDIO_LANGUAGES}
            chosen={langs}
            max={audio.VOICE_MAX_LANGS}
            label={(code) => <span lang={code}>{languageName(code)}</span>}
            onChange={v.setLangs}
            error={errorOf('langs')}
          />
          <MultiChips
            name="tones"
            legendId="voices.tones"
            values={audio.VOICE_TONES}
            chosen={tones}
            max={audio.VOICE_MAX_TONES}
            label={(t) => <FormattedMessage id={`voices.tone.${t}`} />}
            onChange={v.setTones}
            error={errorOf('tones')}
          />
          <Field label={<FormattedMessage id="voices.name" />} error={errorOf('name')} required>
            <TextInput
              value={name}
              maxLength={audio.VOICE_NAME_MAX}
              onChange={(e) => v.setName(e.target.value)}
              data-testid="voice-name"
            />
          </Field>
          <Field
            label={<FormattedMessage id="voices.text" />}
            help={<FormattedMessage id="voices.textHelp" />}
            error={errorOf('text')}
            required
          >
            <TextArea
              rows={3}
              value={text}
              maxLength={audio.VOICE_TEXT_MAX}
              onChange={(e) => v.setText(e.target.value)}
              data-testid="voice-text"
            />
          </Field>
          <VoiceAudios
            audios={v.audios}
            unfinishedAudio={v.unfinishedAudio}
            text={text}
            remove={v.remove}
            error={errorOf('audios')}
          />
          <Field label={<FormattedMessage id="voices.tag" />} help={<FormattedMessage id="voices.tagHelp" />}>
            <TextInput value={tagText} onChange={(e) => v.setTagText(e.target.value)} />
          </Field>
          <Switch
            label={<FormattedMessage id="voices.publish" />}
            checked={publish}
            onCheckedChange={v.setPublish}
          />
          {v.touched && v.errors.length > 0 && (
            <p className={styles.error} role="alert">
              <FormattedMessage id="voices.fixErrors" values={{ count: v.errors.length }} />
            </p>
          )}
          <div>
            <Button type="submit" variant="primary" data-testid="voice-submit">
              <FormattedMessage id="voices.submit" />
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
};

export default VoiceCreatePage;
