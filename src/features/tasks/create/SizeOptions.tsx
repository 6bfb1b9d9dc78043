import { FormattedMessage } from 'react-intl';
import { tasks } from '../../../../domain/index.js';
import { Field, TextInput } from '../../../ui';
import styles from './Create.module.css';
import { Tiles, ratioBox } from './Tiles';
import type { SetForm } from './useComposer';

type Problems = ReturnType<typeof tasks.generationProblems>;
type SizeChoice = tasks.ImageSizeMode | 'custom';

const SIZE_MODES: readonly SizeChoice[] = [...tasks.IMAGE_SIZE_MODES, 'custom'];

/** The size the form takes when a square mode or "custom" is picked (a custom size starts from the mode's, fitted to the range). */
const sizeOfChoice = (
  size: tasks.GenerationForm['size'],
  range: ReturnType<typeof tasks.customRangeFor>,
  v: SizeChoice,
): tasks.GenerationForm['size'] => {
  if (v !== 'custom')
    return { kind: 'mode', mode: v, aspectRatio: size.kind === 'mode' ? size.aspectRatio : '1:1' };
  if (size.kind !== 'mode') return { kind: 'custom', width: size.width, height: size.height };
  const s = tasks.imageSize(size.mode, size.aspectRatio);
  const r = tasks.CUSTOM_SIZE_RANGES[range];
  const fit = (n: number) => Math.min(r.max, Math.max(r.min, n));
  return { kind: 'custom', width: fit(s.width), height: fit(s.height) };
};

/** Width and height typed in, each with its range problem. */
const CustomSize = ({
  size,
  range,
  set,
  problems,
}: {
  readonly size: Extract<tasks.GenerationForm['size'], { readonly kind: 'custom' }>;
  readonly range: ReturnType<typeof tasks.customRangeFor>;
  readonly set: SetForm;
  readonly problems: Problems;
}) => {
  const customError = (p: tasks.CustomSizeProblem | null) =>
    p === null ? undefined : (
      <FormattedMessage id={`create.size.${p}`} values={{ ...tasks.CUSTOM_SIZE_RANGES[range] }} />
    );
  return (
    <div className={styles.pair}>
      <Field
        label={<FormattedMessage id="create.size.width" />}
        error={customError(problems.width)}
        help={<FormattedMessage id="create.size.range" values={{ ...tasks.CUSTOM_SIZE_RANGES[range] }} />}
      >
        <TextInput
          type="number"
          inputMode="numeric"
          step={8}
          data-testid="custom-width"
          value={String(size.width)}
          onChange={(e) => set({ size: { ...size, width: Number(e.target.value) } })}
        />
      </Field>
      <Field label={<FormattedMessage id="create.size.height" />} error={customError(problems.height)}>
        <TextInput
          type="number"
          inputMode="numeric"
          step={8}
          data-testid="custom-height"
          value={String(size.height)}
          onChange={(e) => set({ size: { ...size, height: Number(e.target.value) } })}
        />
      </Field>
    </div>
  );
};

/** The square modes (or a custom size), the aspect ratios, and the size that will be made. */
export const SizeOptions = ({
  form,
  full,
  set,
  problems,
}: {
  readonly form: tasks.GenerationForm;
  /** The form with its reference, as the domain plans it. */
  readonly full: tasks.GenerationForm;
  readonly set: SetForm;
  readonly problems: Problems;
}) => {
  const range = tasks.customRangeFor(form.baseModel);
  const size = tasks.plannedSize(full);
  return (
    <>
      <Tiles
        legend={<FormattedMessage id="create.size" />}
        name="size-mode"
        testId="size-modes"
        values={SIZE_MODES}
        columns={5}
        value={form.size.kind === 'custom' ? 'custom' : form.size.mode}
        label={(v) => (v === 'custom' ? <FormattedMessage id="create.size.custom" /> : String(v))}
        onChange={(v) => set({ size: sizeOfChoice(form.size, range, v) })}
      />
      {form.size.kind === 'mode' ? (
        <Tiles
          legend={<FormattedMessage id="create.aspectRatio" />}
          name="aspect"
          values={tasks.ASPECT_RATIOS}
          value={form.size.aspectRatio}
          shape={ratioBox}
          label={(r) => r}
          onChange={(r) => form.size.kind === 'mode' && set({ size: { ...form.size, aspectRatio: r } })}
        />
      ) : (
        <CustomSize size={form.size} range={range} set={set} problems={problems} />
      )}
      {size && (
        <p className={styles.note} data-testid="planned-size">
          <FormattedMessage id="create.size.planned" values={{ width: size.width, height: size.height }} />
        </p>
      )}
    </>
  );
};
