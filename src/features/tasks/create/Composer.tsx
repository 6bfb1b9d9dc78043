import { FormattedMessage, useIntl } from 'react-intl';
import { tasks } from '../../../../domain/index.js';
import { Field, Slider, Switch, TextInput } from '../../../ui';
import { Uploader } from '../../uploads';
import { AdvancedOptions } from './AdvancedOptions';
import styles from './Create.module.css';
import { PromptFields } from './PromptFields';
import { SizeOptions } from './SizeOptions';
import { SubmitBar } from './SubmitBar';
import { Tiles } from './Tiles';
import { REFERENCE_FIELD, useComposer, type SetForm } from './useComposer';

/** How many pictures one task makes, and the seed (empty for a random one). */
const BatchAndSeed = ({
  form,
  set,
  seedProblem,
}: {
  readonly form: tasks.GenerationForm;
  readonly set: SetForm;
  readonly seedProblem: ReturnType<typeof tasks.generationProblems>['seed'];
}) => {
  const intl = useIntl();
  return (
    <div className={styles.pair}>
      <Tiles
        legend={<FormattedMessage id="create.batch" />}
        name="batch"
        testId="batch-count"
        values={[1, 2, 3, 4]}
        value={form.batchCount}
        label={(n) => String(n)}
        onChange={(n) => set({ batchCount: n })}
      />
      <Field
        label={<FormattedMessage id="create.seed" />}
        error={seedProblem === null ? undefined : <FormattedMessage id={`create.seed.${seedProblem}`} />}
        help={<FormattedMessage id="create.seed.help" />}
      >
        <TextInput
          inputMode="numeric"
          data-testid="seed"
          value={form.seedText}
          placeholder={intl.formatMessage({ id: 'create.seed.random' })}
          onChange={(e) => set({ seedText: e.target.value })}
        />
      </Field>
    </div>
  );
};

/**
 * The Create form (spec §3 task options config, §9 image generation): prompt, negative prompt
 * and style; a reference image that makes it image to image; the square modes with the aspect
 * ratios or a custom size; batch count and seed; the model with its LoRAs, sampler, steps, CFG,
 * VAE, the hires upscaler and, with a reference, control units; the estimate and coin cost
 * before sending. Every rule is the domain's (`tasks.generationProblems`, `generationRequest`).
 */
export const Composer = ({
  initial,
  options,
}: {
  readonly initial: tasks.GenerationForm;
  readonly options: tasks.GenerationOptions | null;
}) => {
  const intl = useIntl();
  const c = useComposer(initial, options);
  const { form, set, referenceUrl, problems } = c;

  return (
    <form onSubmit={c.submit} noValidate className="create-form" data-testid="create-form">
      <PromptFields
        form={form}
        set={set}
        options={options}
        promptProblem={problems.prompt}
        touched={c.touched}
        submit={c.submit}
      />
      <Uploader
        field={REFERENCE_FIELD}
        accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
        labelId="upload.reference"
        pasteAnywhere
        taskInput
      />
      {referenceUrl !== null && (
        <Slider
          label={intl.formatMessage({ id: 'create.strength' })}
          min={tasks.STRENGTH_RANGE.min}
          max={tasks.STRENGTH_RANGE.max}
          step={tasks.STRENGTH_RANGE.step}
          value={form.strength}
          onValueChange={(v) => set({ strength: v })}
          formatValue={(v) => intl.formatNumber(v, { style: 'percent' })}
        />
      )}
      {referenceUrl !== null ? (
        <p className={styles.note} data-testid="i2i-note">
          <FormattedMessage id="create.i2i.note" />
        </p>
      ) : (
        <SizeOptions form={form} full={c.full} set={set} problems={problems} />
      )}
      <BatchAndSeed form={form} set={set} seedProblem={problems.seed} />
      <Switch
        label={<FormattedMessage id="create.advanced" />}
        description={<FormattedMessage id="create.advanced.help" />}
        checked={c.advanced}
        onCheckedChange={c.setAdvanced}
      />
      {c.advanced && options === null && (
        <p className={styles.note}>
          <FormattedMessage id="create.options.unavailable" />
        </p>
      )}
      {c.advanced && options !== null && (
        <AdvancedOptions form={form} set={set} options={options} hasReference={referenceUrl !== null} />
      )}
      <SubmitBar matching={c.matching} guest={c.guest} balance={c.balance} batchCount={form.batchCount} />
    </form>
  );
};
