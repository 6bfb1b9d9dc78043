import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { audio } from '../../../../domain/index.js';
import { startAudioStream } from '../../../../infrastructure/streaming/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { Button, Card } from '../../../ui';
import { StreamPlayer } from '../StreamPlayer';
import styles from '../Studio.module.css';
import { useStreamStatus } from '../useStudio';

type Choice = audio.SongChoice;
const INITIAL: Choice = { style: 'pop', emotion: 'happy', instrument: 'piano', voice: null };

const CategoryChips = <T extends string>({
  category,
  values,
  value,
  onChange,
}: {
  readonly category: string;
  readonly values: readonly T[];
  readonly value: T | null;
  readonly onChange: (v: T) => void;
}) => (
  <fieldset className={styles.fieldset}>
    <legend className={styles.legend}>
      <FormattedMessage id={`songs.category.${category}`} />
    </legend>
    <div className={styles.chips}>
      {values.map((v) => (
        <label key={v} className={styles.chip} data-selected={v === value || undefined}>
          <input type="radio" name={category} checked={v === value} onChange={() => onChange(v)} />
          <FormattedMessage id={`songs.${category}.${v}`} />
        </label>
      ))}
    </div>
  </fieldset>
);

/**
 * Songs (spec §9): the style, emotion, voice and instrument categories, the 15 instrumental and 15
 * vocal random presets, and a preview streamed and played as it arrives.
 */
const SongsPage = () => {
  const dispatch = useAppDispatch();
  const status = useStreamStatus();
  const [choice, setChoice] = useState<Choice>(INITIAL);
  const [presetId, setPresetId] = useState<string | null>(null);
  const busy = status === 'start' || status === 'paused';
  const set = (patch: Partial<Choice>) => {
    setChoice((c) => ({ ...c, ...patch }));
    setPresetId(null);
  };
  const random = (kind: audio.PresetKind) => {
    // The random number is the view's to draw; the domain picks the preset from it.
    const preset = audio.pickPreset(kind, Math.random());
    setChoice(preset);
    setPresetId(preset.id);
  };
  const play = () =>
    dispatch(
      startAudioStream({
        source: {
          kind: 'song',
          style: choice.style,
          emotion: choice.emotion,
          instrument: choice.instrument,
          ...(choice.voice === null ? {} : { voice: choice.voice }),
        },
      }),
    );
  const S = audio.SONG_STYLE_CATEGORIES;
  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>
          <FormattedMessage id="songs.title" />
        </h1>
        <p className={styles.subtitle}>
          <FormattedMessage id="songs.subtitle" />
        </p>
      </header>
      <div className={styles.two}>
        <Card padding="lg">
          <div className={styles.form}>
            <div className={styles.row}>
              <Button onClick={() => random('instrumental')} data-testid="random-instrumental">
                <FormattedMessage id="songs.randomInstrumental" />
              </Button>
              <Button onClick={() => random('vocal')} data-testid="random-vocal">
                <FormattedMessage id="songs.randomVocal" />
              </Button>
              {presetId !== null && (
                <span className={styles.muted} data-testid="preset-name">
                  <FormattedMessage id={`songs.preset.${presetId}`} />
                </span>
              )}
            </div>
            <CategoryChips
              category="style"
              values={S.style}
              value={choice.style}
              onChange={(style) => set({ style })}
            />
            <CategoryChips
              category="emotion"
              values={S.emotion}
              value={choice.emotion}
              onChange={(emotion) => set({ emotion })}
            />
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>
                <FormattedMessage id="songs.category.voice" />
              </legend>
              <div className={styles.chips}>
                {([null, ...S.voice] as const).map((v) => (
                  <label
                    key={v ?? 'none'}
                    className={styles.chip}
                    data-selected={v === choice.voice || undefined}
                  >
                    <input
                      type="radio"
                      name="voice"
                      checked={v === choice.voice}
                      onChange={() => set({ voice: v })}
                    />
                    <FormattedMessage id={v === null ? 'songs.voice.none' : `songs.voice.${v}`} />
                  </label>
                ))}
              </div>
            </fieldset>
            <CategoryChips
              category="instrument"
              values={S.instrument}
              value={choice.instrument}
              onChange={(instrument) => set({ instrument })}
            />
            <Button variant="primary" onClick={play} loading={busy} data-testid="song-play">
              <FormattedMessage id="songs.play" />
            </Button>
          </div>
        </Card>
        <StreamPlayer />
      </div>
    </div>
  );
};

export default SongsPage;
