import { useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { audio, images, studio } from '../../../../domain/index.js';
import { createVoice } from '../../../../infrastructure/studio/commands';
import { uploadToNewSlot } from '../../../../infrastructure/uploads/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { Badge, Button, Card, Field, IconButton, Picture, Switch, TextArea, TextInput } from '../../../ui';
import { UploadRow, Uploader } from '../../uploads';
import styles from '../Studio.module.css';
import { useResource, useRunId, useSlotUploads } from '../useStudio';

const COVER_FIELD = 'voice-cover';
const AUDIO_PREFIX = 'voice-audio-';
/** The side of the made voice's cover. */
const VOICE_COVER_PX = 96;

const languageName = (code: string): string => {
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
};

/** The recordings say the sample text: it is their caption, as a WebVTT file. */
const captionsOf = (text: string): string =>
  `data:text/vtt;charset=utf-8,${encodeURIComponent(`WEBVTT\n\n00:00.000 --> 59:59.000\n${text.replace(/-->/g, '→')}\n`)}`;

const toggle = <T,>(list: readonly T[], v: T, max: number): readonly T[] =>
  list.includes(v) ? list.filter((x) => x !== v) : list.length >= max ? list : [...list, v];

const MultiChips = <T extends string>({
  name,
  legendId,
  values,
  chosen,
  max,
  label,
  onChange,
  error,
}: {
  readonly name: string;
  readonly legendId: string;
  readonly values: readonly T[];
  readonly chosen: readonly T[];
  readonly max: number;
  readonly label: (v: T) => React.ReactNode;
  readonly onChange: (next: readonly T[]) => void;
  readonly error: React.ReactNode;
}) => (
  <fieldset className={styles.fieldset} aria-invalid={error ? true : undefined}>
    <legend className={styles.legend}>
      <FormattedMessage id={legendId} values={{ max }} />
    </legend>
    <div className={styles.chips}>
      {values.map((v) => (
        <label key={v} className={styles.chip} data-selected={chosen.includes(v) || undefined}>
          <input
            type="checkbox"
            name={name}
            checked={chosen.includes(v)}
            onChange={() => onChange(toggle(chosen, v, max))}
          />
          {label(v)}
        </label>
      ))}
    </div>
    {error && (
      <p className={styles.error} role="alert">
        {error}
      </p>
    )}
  </fieldset>
);

/**
 * Voice creation (spec §3 form, §5 validation): every rule is the domain's `validateVoiceForm`; the
 * audio list follows `addAudio` (at the limit, a new file replaces the first).
 */
const VoiceCreatePage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const covers = useSlotUploads(COVER_FIELD);
  const audioUploads = useSlotUploads(AUDIO_PREFIX);
  const [gender, setGender] = useState<string | null>(null);
  const [age, setAge] = useState<string | null>(null);
  const [langs, setLangs] = useState<readonly audio.AudioLanguage[]>([]);
  const [tones, setTones] = useState<readonly audio.VoiceTone[]>([]);
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [tagText, setTagText] = useState('');
  const [publish, setPublish] = useState(false);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [touched, setTouched] = useState(false);
  const runId = useRunId('voice');
  // The voice made before this visit is not this form's answer.
  const [seenRun, setSeenRun] = useState(runId);
  const created = useResource(studio.studioKey.voice(runId ?? ''), 'voice');

  const cover = covers[0]?.url ?? null;
  // Spec §5: the list keeps at most VOICE_AUDIO_LIMIT files; a newer one replaces the first.
  const audios = useMemo(
    () =>
      audioUploads
        .filter((u) => u.url !== null && !removed.has(u.field))
        .reduce<readonly (audio.VoiceAudio & { field: string })[]>(
          (list, u) =>
            audio.addAudio(
              list,
              { url: u.url!, name: u.name, duration: 0, field: u.field },
              audio.VOICE_AUDIO_LIMIT,
            ),
          [],
        ),
    [audioUploads, removed],
  );
  const unfinishedAudio = audioUploads.filter((u) => u.status !== 'complete' && !removed.has(u.field));
  const tags = studio.parseTags(tagText);
  const form: audio.VoiceForm = {
    cover,
    gender,
    age,
    langs,
    tones,
    name,
    text,
    tag: tags.length === 0 ? null : tags,
    publishStatus: publish ? 1 : 0,
    audios,
  };
  const errors = audio.validateVoiceForm(form);
  const errorOf = (field: audio.VoiceFormField) => {
    const e = touched ? errors.find((x) => x.field === field) : undefined;
    return e ? <FormattedMessage id={e.messageKey} /> : undefined;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (errors.length > 0 || cover === null || gender === null || age === null) return;
    dispatch(
      createVoice({
        request: {
          cover,
          gender: gender as audio.VoiceGender,
          age: age as audio.VoiceAge,
          langs: [...langs],
          tones: [...tones],
          name: name.trim(),
          text,
          audios: audios.map((a) => ({ url: a.url, name: a.name, duration: a.duration })),
          ...(tags.length === 0 ? {} : { tag: [...tags] }),
          publish_status: publish ? 1 : 0,
        } as never,
      }),
    );
  };

  if (runId !== null && runId !== seenRun && created.status === 'loaded') {
    const v = created.value.voice;
    return (
      <div className={styles.page}>
        <Card padding="lg" data-testid="voice-created">
          <div className={styles.form}>
            <h1 className={styles.title}>
              <FormattedMessage id="voices.createdTitle" values={{ name: v.name }} />
            </h1>
            <div className={styles.row}>
              <Picture
                {...images.pictureOf(v.cover, VOICE_COVER_PX)}
                alt=""
                width={VOICE_COVER_PX}
                height={VOICE_COVER_PX}
                style={{ borderRadius: 'var(--radius)', objectFit: 'cover' }}
              />
              <div>
                <p>
                  <Badge tone={v.publish_status === 1 ? 'success' : 'neutral'}>
                    <FormattedMessage id={v.publish_status === 1 ? 'voices.published' : 'voices.private'} />
                  </Badge>
                </p>
                <p className={styles.muted}>{v.langs.map(languageName).join(' · ')}</p>
              </div>
            </div>
            {v.audios.map((a) => (
              <audio key={a.url} src={a.url} controls aria-label={a.name}>
                <track kind="captions" src={captionsOf(v.text)} default />
              </audio>
            ))}
            <div>
              <Button onClick={() => setSeenRun(runId)}>
                <FormattedMessage id="voices.another" />
              </Button>
            </div>
          </div>
        </Card>
      </div>
    );
  }

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
        <form className={styles.form} onSubmit={submit} noValidate data-testid="voice-form">
          <div>
            <Uploader field={COVER_FIELD} accept="image/*" labelId="voices.cover" />
            {errorOf('cover') && <p className={styles.error}>{errorOf('cover')}</p>}
          </div>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>
              <FormattedMessage id="voices.gender" />
            </legend>
            <div className={styles.chips}>
              {audio.VOICE_GENDERS.map((g) => (
                <label key={g} className={styles.chip} data-selected={g === gender || undefined}>
                  <input type="radio" name="gender" checked={g === gender} onChange={() => setGender(g)} />
                  <FormattedMessage id={`voices.gender.${g}`} />
                </label>
              ))}
            </div>
            {errorOf('gender') && <p className={styles.error}>{errorOf('gender')}</p>}
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>
              <FormattedMessage id="voices.age" />
            </legend>
            <div className={styles.chips}>
              {audio.VOICE_AGES.map((a) => (
                <label key={a} className={styles.chip} data-selected={a === age || undefined}>
                  <input type="radio" name="age" checked={a === age} onChange={() => setAge(a)} />
                  <FormattedMessage id={`voices.age.${a}`} />
                </label>
              ))}
            </div>
            {errorOf('age') && <p className={styles.error}>{errorOf('age')}</p>}
          </fieldset>
          <MultiChips
            name="langs"
            legendId="voices.langs"
            values={audio.AUDIO_LANGUAGES}
            chosen={langs}
            max={audio.VOICE_MAX_LANGS}
            label={(code) => <span lang={code}>{languageName(code)}</span>}
            onChange={setLangs}
            error={errorOf('langs')}
          />
          <MultiChips
            name="tones"
            legendId="voices.tones"
            values={audio.VOICE_TONES}
            chosen={tones}
            max={audio.VOICE_MAX_TONES}
            label={(t) => <FormattedMessage id={`voices.tone.${t}`} />}
            onChange={setTones}
            error={errorOf('tones')}
          />
          <Field label={<FormattedMessage id="voices.name" />} error={errorOf('name')} required>
            <TextInput
              value={name}
              maxLength={audio.VOICE_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
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
              onChange={(e) => setText(e.target.value)}
              data-testid="voice-text"
            />
          </Field>
          <section className={styles.form} aria-labelledby="voice-audios">
            <h2 id="voice-audios" className={styles.legend}>
              <FormattedMessage id="voices.audios" values={{ max: audio.VOICE_AUDIO_LIMIT }} />
            </h2>
            <label className={styles.pick}>
              <FormattedMessage id="voices.addAudio" />
              <input
                className={styles.fileInput}
                type="file"
                accept="audio/*"
                multiple
                data-testid="voice-audio-input"
                onChange={(e) => {
                  for (const file of Array.from(e.target.files ?? []))
                    dispatch(uploadToNewSlot(AUDIO_PREFIX, file));
                  e.target.value = '';
                }}
              />
            </label>
            <ul className={styles.list} data-testid="voice-audio-list">
              {audios.map((a) => (
                <li key={a.field} className={styles.row}>
                  <span className={styles.trackName}>{a.name}</span>
                  <audio src={a.url} controls preload="none" aria-label={a.name}>
                    <track kind="captions" src={captionsOf(text)} default />
                  </audio>
                  <IconButton
                    size="sm"
                    variant="ghost"
                    label={intl.formatMessage({ id: 'voices.removeAudio' }, { name: a.name })}
                    onClick={() => setRemoved(new Set([...removed, a.field]))}
                  >
                    ×
                  </IconButton>
                </li>
              ))}
              {/* Going up, failed, or waiting for its file after a reload: the uploaders' own row. */}
              {unfinishedAudio.map((u) => (
                <UploadRow key={u.field} file={u} field={u.field} />
              ))}
            </ul>
            {errorOf('audios') && <p className={styles.error}>{errorOf('audios')}</p>}
          </section>
          <Field label={<FormattedMessage id="voices.tag" />} help={<FormattedMessage id="voices.tagHelp" />}>
            <TextInput value={tagText} onChange={(e) => setTagText(e.target.value)} />
          </Field>
          <Switch
            label={<FormattedMessage id="voices.publish" />}
            checked={publish}
            onCheckedChange={setPublish}
          />
          {touched && errors.length > 0 && (
            <p className={styles.error} role="alert">
              <FormattedMessage id="voices.fixErrors" values={{ count: errors.length }} />
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
