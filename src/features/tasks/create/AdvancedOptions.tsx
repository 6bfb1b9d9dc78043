import { useIntl } from 'react-intl';
import { tasks } from '../../../../domain/index.js';
import { Select, Slider } from '../../../ui';
import styles from './Create.module.css';
import { ControlUnits } from './ControlUnits';
import { LoraPicker } from './LoraPicker';
import { NONE, type OptionsPartProps } from './useComposer';

/** The base model and the checkpoint: picking a base keeps its first enabled checkpoint. */
const ModelSelects = ({ form, set, options }: OptionsPartProps) => {
  const intl = useIntl();
  const checkpoints = tasks.checkpointsFor(options, form.baseModel);
  return (
    <div className={styles.pair}>
      <Select
        label={intl.formatMessage({ id: 'create.baseModel' })}
        value={form.baseModel ?? NONE}
        onValueChange={(v) => {
          const base = v === NONE ? null : v;
          const first = tasks.checkpointsFor(options, base).find((m) => !m.disabled);
          set({ baseModel: base, modelId: first?.id ?? null, loras: [] });
        }}
        options={[
          { value: NONE, label: intl.formatMessage({ id: 'create.baseModel.any' }) },
          ...options.baseModels.map((b) => ({ value: b.name, label: b.name })),
        ]}
      />
      <Select
        label={intl.formatMessage({ id: 'create.model' })}
        value={form.modelId ?? NONE}
        onValueChange={(v) => {
          const m = options.models.find((x) => x.id === v);
          set({ modelId: v === NONE ? null : v, ...(m ? { baseModel: m.baseModel } : {}) });
        }}
        options={[
          { value: NONE, label: intl.formatMessage({ id: 'create.model.default' }) },
          ...checkpoints.map((m) => ({
            value: m.id,
            disabled: m.disabled,
            label: m.disabled
              ? intl.formatMessage({ id: 'create.model.disabled' }, { name: m.name })
              : m.name,
          })),
        ]}
      />
    </div>
  );
};

/** Sampler and VAE, then steps and CFG scale. */
const SamplingOptions = ({ form, set, options }: OptionsPartProps) => {
  const intl = useIntl();
  return (
    <>
      <div className={styles.pair}>
        <Select
          label={intl.formatMessage({ id: 'create.sampler' })}
          value={form.sampler ?? NONE}
          onValueChange={(v) => set({ sampler: v === NONE ? null : v })}
          options={options.samplers.map((s) => ({ value: s, label: s }))}
        />
        <Select
          label={intl.formatMessage({ id: 'create.vae' })}
          value={form.vae ?? NONE}
          onValueChange={(v) => set({ vae: v === NONE ? null : v })}
          options={[
            { value: NONE, label: intl.formatMessage({ id: 'create.vae.auto' }) },
            ...options.vaes.filter((v) => v !== 'Automatic').map((v) => ({ value: v, label: v })),
          ]}
        />
      </div>
      <div className={styles.pair}>
        <Slider
          label={intl.formatMessage({ id: 'create.steps' })}
          min={tasks.STEPS_RANGE.min}
          max={tasks.STEPS_RANGE.max}
          value={form.steps}
          onValueChange={(v) => set({ steps: v })}
        />
        <Slider
          label={intl.formatMessage({ id: 'create.cfg' })}
          min={tasks.CFG_RANGE.min}
          max={tasks.CFG_RANGE.max}
          step={tasks.CFG_RANGE.step}
          value={form.cfgScale}
          onValueChange={(v) => set({ cfgScale: v })}
        />
      </div>
    </>
  );
};

/** The hires upscaler and its scale, as one select (text to image only). */
const UpscalerSelect = ({ form, set, options }: OptionsPartProps) => {
  const intl = useIntl();
  return (
    <Select
      label={intl.formatMessage({ id: 'create.upscaler' })}
      value={form.upscaler === null ? NONE : `${form.upscaler.method}:${form.upscaler.scale}`}
      onValueChange={(v) => {
        if (v === NONE) return set({ upscaler: null });
        const [method = 'bicubic', scale = '2'] = v.split(':');
        set({ upscaler: { method, scale: Number(scale) } });
      }}
      options={[
        { value: NONE, label: intl.formatMessage({ id: 'create.upscaler.none' }) },
        ...options.upscalers.flatMap((u) =>
          tasks.HIRES_SCALES.map((scale) => ({
            value: `${u.method}:${scale}`,
            label: intl.formatMessage({ id: 'create.upscaler.option' }, { name: u.name, scale }),
          })),
        ),
      ]}
    />
  );
};

/** The advanced options: model, LoRAs, sampling, and the upscaler or (with a reference) control units. */
export const AdvancedOptions = ({
  form,
  set,
  options,
  hasReference,
}: OptionsPartProps & { readonly hasReference: boolean }) => (
  <div className={styles.advanced} data-testid="advanced-options">
    <ModelSelects form={form} set={set} options={options} />
    <LoraPicker form={form} set={set} options={options} />
    <SamplingOptions form={form} set={set} options={options} />
    {!hasReference && <UpscalerSelect form={form} set={set} options={options} />}
    {hasReference && <ControlUnits form={form} set={set} options={options} />}
  </div>
);
