import { FormattedMessage, useIntl } from 'react-intl';
import { images, tasks } from '../../../../domain/index.js';
import { Field, Picture, Select, TextArea } from '../../../ui';
import styles from './Tools.module.css';

type Props = {
  readonly inputs: tasks.ToolInputs;
  readonly set: (patch: Partial<tasks.ToolInputs>) => void;
};

/** A rough look of each filter over the chosen picture, so the choice is seen before it is paid. */
const FILTER_PREVIEW: Readonly<Record<tasks.ToolFilter, string>> = {
  grayscale: 'grayscale(1)',
  sepia: 'sepia(1)',
  posterize: 'contrast(1.7) saturate(1.5)',
  blur: 'blur(2px)',
  sharpen: 'contrast(1.25) saturate(1.1)',
  emboss: 'grayscale(1) contrast(2.2)',
  invert: 'invert(1)',
  vintage: 'sepia(0.55) saturate(0.8) contrast(1.1)',
};
/** The picked picture under each filter (`.tileGrid`). */
const FILTER_TILE_PX = 96;

/** The filters as tiles, each previewed over the picture when there is one. */
export const FilterPicker = ({ inputs, set, imageUrl }: Props & { readonly imageUrl: string | null }) => (
  <fieldset className={styles.tiles} data-testid="filter-picker">
    <legend className={styles.legend}>
      <FormattedMessage id="tools.filter.pick" />
    </legend>
    <div className={styles.tileGrid}>
      {tasks.TOOL_FILTERS.map((f) => (
        <label key={f} className={styles.tile} data-selected={inputs.filter === f || undefined}>
          <input
            type="radio"
            name="filter"
            value={f}
            checked={inputs.filter === f}
            onChange={() => set({ filter: f })}
          />
          {imageUrl !== null ? (
            <Picture
              className={styles.tileImage}
              {...images.pictureOf(imageUrl, FILTER_TILE_PX)}
              width={FILTER_TILE_PX}
              height={FILTER_TILE_PX}
              alt=""
              style={{ filter: FILTER_PREVIEW[f] }}
            />
          ) : (
            <span className={styles.tileSwatch} style={{ filter: FILTER_PREVIEW[f] }} aria-hidden="true" />
          )}
          <span>
            <FormattedMessage id={`tools.filter.${f}`} />
          </span>
        </label>
      ))}
    </div>
  </fieldset>
);

/** The upscale factor and method. */
export const UpscaleOptions = ({ inputs, set }: Props) => {
  const intl = useIntl();
  return (
    <div className={styles.row}>
      <fieldset className={styles.tiles}>
        <legend className={styles.legend}>
          <FormattedMessage id="tools.upscaler.factor" />
        </legend>
        <div className={styles.tileRow}>
          {tasks.UPSCALE_FACTORS.map((f) => (
            <label key={f} className={styles.chip} data-selected={inputs.scale === f || undefined}>
              <input
                type="radio"
                name="scale"
                checked={inputs.scale === f}
                onChange={() => set({ scale: f })}
              />
              <FormattedMessage id="tools.upscaler.times" values={{ n: f }} />
            </label>
          ))}
        </div>
      </fieldset>
      <Select
        label={intl.formatMessage({ id: 'tools.upscaler.method' })}
        value={inputs.upscaleMethod}
        onValueChange={(v) => set({ upscaleMethod: v as tasks.ToolInputs['upscaleMethod'] })}
        options={tasks.UPSCALE_METHODS.map((m) => ({
          value: m,
          label: intl.formatMessage({ id: `tools.upscaler.${m}` }),
        }))}
      />
    </div>
  );
};

/** The video tier, and the aspect ratio when there is no picture to follow. */
export const VideoOptions = ({ inputs, set, imageUrl }: Props & { readonly imageUrl: string | null }) => (
  <>
    <fieldset className={styles.tiles} data-testid="video-tiers">
      <legend className={styles.legend}>
        <FormattedMessage id="tools.video.tier" />
      </legend>
      <div className={styles.tileRow}>
        {tasks.VIDEO_TIERS.map((t) => (
          <label key={t} className={styles.chip} data-selected={inputs.tier === t || undefined}>
            <input type="radio" name="tier" checked={inputs.tier === t} onChange={() => set({ tier: t })} />
            {t}
          </label>
        ))}
      </div>
      <p className={styles.hint}>
        <FormattedMessage id={`tools.video.tier.${inputs.tier}`} />
      </p>
    </fieldset>
    {imageUrl === null && (
      <fieldset className={styles.tiles}>
        <legend className={styles.legend}>
          <FormattedMessage id="create.aspectRatio" />
        </legend>
        <div className={styles.tileRow}>
          {tasks.VIDEO_ASPECT_RATIOS.map((r) => (
            <label key={r} className={styles.chip} data-selected={inputs.aspectRatio === r || undefined}>
              <input
                type="radio"
                name="ratio"
                checked={inputs.aspectRatio === r}
                onChange={() => set({ aspectRatio: r })}
              />
              {r}
            </label>
          ))}
        </div>
      </fieldset>
    )}
  </>
);

/** The tool's prompt (required, optional, or optional until a video has no picture) and its problem. */
export const ToolPrompt = ({
  spec,
  inputs,
  set,
  required,
  error,
}: Props & {
  readonly spec: tasks.ToolSpec;
  readonly required: boolean;
  readonly error: React.ReactNode;
}) => {
  const intl = useIntl();
  return (
    <Field
      label={<FormattedMessage id={required ? 'tools.prompt' : 'tools.prompt.optional'} />}
      error={error}
    >
      <TextArea
        rows={3}
        maxLength={tasks.PROMPT_MAX_LENGTH}
        value={inputs.prompt}
        data-testid="tool-prompt"
        placeholder={intl.formatMessage({ id: `tools.${spec.key}.placeholder` })}
        onChange={(e) => set({ prompt: e.target.value })}
      />
    </Field>
  );
};
