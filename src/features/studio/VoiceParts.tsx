import { FormattedMessage, useIntl } from 'react-intl';
import { audio, images } from '../../../domain/index.js';
import { Badge, Button, Card, IconButton, Picture } from '../../ui';
import { UploadRow } from '../uploads';
import { UploadPicker } from './UploadPicker';
import styles from './Studio.module.css';
import type { SlotUpload } from './useStudio';
import { AUDIO_PREFIX, type CreatedVoice, type VoiceAudioItem } from './useVoiceForm';

/** The side of the made voice's cover. */
const VOICE_COVER_PX = 96;

export const languageName = (code: string): string => {
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
};

/** The recordings say the sample text: it is their caption, as a WebVTT file. */
export const captionsOf = (text: string): string =>
  `data:text/vtt;charset=utf-8,${encodeURIComponent(`WEBVTT\n\n00:00.000 --> 59:59.000\n${text.replace(/-->/g, '→')}\n`)}`;

const toggle = <T,>(list: readonly T[], v: T, max: number): readonly T[] =>
  list.includes(v) ? list.filter((x) => x !== v) : list.length >= max ? list : [...list, v];

export const MultiChips = <T extends string>({
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

/** One choice among chips (gender, age), with its problem. */
export const RadioChips = <T extends string>({
  name,
  legendId,
  values,
  chosen,
  labelId,
  onChange,
  error,
}: {
  readonly name: string;
  readonly legendId: string;
  readonly values: readonly T[];
  readonly chosen: string | null;
  /**
   * Each value's message id, written as a template literal where it is used (`voices.gender.${g}`):
   * the build finds a route's message ids by their literal prefixes (scripts/i18n-graph.mjs).
   */
  readonly labelId: (v: T) => string;
  readonly onChange: (v: T) => void;
  readonly error: React.ReactNode;
}) => (
  <fieldset className={styles.fieldset}>
    <legend className={styles.legend}>
      <FormattedMessage id={legendId} />
    </legend>
    <div className={styles.chips}>
      {values.map((v) => (
        <label key={v} className={styles.chip} data-selected={v === chosen || undefined}>
          <input type="radio" name={name} checked={v === chosen} onChange={() => onChange(v)} />
          <FormattedMessage id={labelId(v)} />
        </label>
      ))}
    </div>
    {error && <p className={styles.error}>{error}</p>}
  </fieldset>
);

/** The recordings: a picker that uploads each file to a new slot, the list, and the unfinished rows. */
export const VoiceAudios = ({
  audios,
  unfinishedAudio,
  text,
  remove,
  error,
}: {
  readonly audios: readonly VoiceAudioItem[];
  readonly unfinishedAudio: readonly SlotUpload[];
  readonly text: string;
  readonly remove: (field: string) => void;
  readonly error: React.ReactNode;
}) => {
  const intl = useIntl();
  return (
    <section className={styles.form} aria-labelledby="voice-audios">
      <h2 id="voice-audios" className={styles.legend}>
        <FormattedMessage id="voices.audios" values={{ max: audio.VOICE_AUDIO_LIMIT }} />
      </h2>
      <UploadPicker
        prefix={AUDIO_PREFIX}
        accept="audio/*"
        labelId="voices.addAudio"
        testId="voice-audio-input"
      />
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
              onClick={() => remove(a.field)}
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
      {error && <p className={styles.error}>{error}</p>}
    </section>
  );
};

/** The voice just made: its cover, whether it is public, its languages and recordings. */
export const VoiceCreated = ({ v, another }: { readonly v: CreatedVoice; readonly another: () => void }) => (
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
          <Button onClick={another}>
            <FormattedMessage id="voices.another" />
          </Button>
        </div>
      </div>
    </Card>
  </div>
);
