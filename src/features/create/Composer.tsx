import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { tasks } from '../../../domain/index.js';
import { estimateFields, submitTask } from '../../../infrastructure/tasks/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Button, Field, IconButton, Select, Slider, Switch, TextArea, TextInput } from '../../ui';
import { CloseIcon } from '../../ui/icons';
import { Uploader, useUploadGroup } from '../uploads';
import styles from './Create.module.css';
import { CoinShortfallNote } from './CoinShortfallNote';
import { useEstimate, useTaskCount } from './useCreate';

const REFERENCE_FIELD = 'referenceImage';
const NONE = '__none__';

const ratioBox = (ratio: string) => {
  const [w = 1, h = 1] = ratio.split(':').map(Number);
  const scale = 18 / Math.max(w, h);
  return { inlineSize: `${Math.round(w * scale)}px`, blockSize: `${Math.round(h * scale)}px` };
};

/** A radio group drawn as tiles (the aspect ratios, the square modes, the batch count). */
const Tiles = <V extends string | number>({
  legend,
  name,
  values,
  value,
  onChange,
  label,
  shape,
  columns = 4,
  testId,
}: {
  readonly legend: React.ReactNode;
  readonly name: string;
  readonly values: readonly V[];
  readonly value: V | null;
  readonly onChange: (v: V) => void;
  readonly label: (v: V) => React.ReactNode;
  readonly shape?: (v: V) => React.CSSProperties;
  readonly columns?: number;
  readonly testId?: string;
}) => (
  <fieldset className={styles.ratios} data-testid={testId}>
    <legend className={styles.legend}>{legend}</legend>
    <div
      className={styles.ratioOptions}
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
    >
      {values.map((v) => (
        <label key={String(v)} className={styles.ratio} data-selected={v === value || undefined}>
          <input
            type="radio"
            name={name}
            value={String(v)}
            checked={v === value}
            onChange={() => onChange(v)}
          />
          {shape && <span className={styles.ratioShape} style={shape(v)} aria-hidden="true" />}
          <span>{label(v)}</span>
        </label>
      ))}
    </div>
  </fieldset>
);

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
  const dispatch = useAppDispatch();
  const [form, setForm] = useState<tasks.GenerationForm>(initial);
  const [touched, setTouched] = useState(false);
  const [advanced, setAdvanced] = useState(
    initial.loras.length > 0 || initial.modelId !== options?.defaults.modelId,
  );
  const reference = useUploadGroup(REFERENCE_FIELD, 1);
  const referenceUrl = reference.urls[0] ?? null;
  const { estimate, guest, balance } = useEstimate();
  const taskCount = useTaskCount();

  // The reference is an upload: the form follows the uploader.
  const full: tasks.GenerationForm = useMemo(
    () => ({ ...form, reference: referenceUrl === null ? null : { url: referenceUrl } }),
    [form, referenceUrl],
  );
  const problems = tasks.generationProblems(full);
  const request = useMemo(() => tasks.generationRequest(full), [full]);
  const requestKey = tasks.estimateKeyOf(request);
  const invalid = tasks.hasProblem(problems);

  useEffect(() => {
    if (!invalid) dispatch(estimateFields({ fields: request }));
    // A new task changes the queue and the day: the same form is estimated again.
  }, [dispatch, invalid, requestKey, taskCount]); // eslint-disable-line react-hooks/exhaustive-deps

  const set = (patch: Partial<tasks.GenerationForm>) => setForm((f) => ({ ...f, ...patch }));
  const range = tasks.customRangeFor(form.baseModel);
  const size = tasks.plannedSize(full);
  const matching = estimate !== null && estimate.key === requestKey ? estimate : null;
  const checkpoints = options ? tasks.checkpointsFor(options, form.baseModel) : [];
  const loraChoices = options ? tasks.lorasFor(options, form.baseModel, form.loras) : [];
  const modelName = (id: string) => options?.models.find((m) => m.id === id)?.name ?? id;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (invalid) return;
    dispatch(submitTask({ fields: request }));
  };

  const sizeModes: readonly (tasks.ImageSizeMode | 'custom')[] = [...tasks.IMAGE_SIZE_MODES, 'custom'];
  const customError = (p: tasks.CustomSizeProblem | null) =>
    p === null ? undefined : (
      <FormattedMessage id={`create.size.${p}`} values={{ ...tasks.CUSTOM_SIZE_RANGES[range] }} />
    );

  return (
    <form onSubmit={submit} noValidate className={styles.form} data-testid="create-form">
      <Field
        label={<FormattedMessage id="create.prompt.label" />}
        error={
          touched && problems.prompt !== null ? (
            <FormattedMessage id={`create.prompt.${problems.prompt}`} />
          ) : undefined
        }
        help={
          <FormattedMessage
            id="create.prompt.count"
            values={{ count: form.prompt.length, max: tasks.PROMPT_MAX_LENGTH }}
          />
        }
      >
        <TextArea
          name="prompt"
          data-testid="prompt"
          rows={4}
          maxLength={tasks.PROMPT_MAX_LENGTH}
          value={form.prompt}
          placeholder={intl.formatMessage({ id: 'create.prompt.placeholder' })}
          onChange={(e) => set({ prompt: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) submit(e);
          }}
        />
      </Field>
      <Field label={<FormattedMessage id="create.negative.label" />}>
        <TextArea
          name="negative"
          data-testid="negative-prompt"
          rows={2}
          maxLength={tasks.PROMPT_MAX_LENGTH}
          value={form.negativePrompt}
          placeholder={intl.formatMessage({ id: 'create.negative.placeholder' })}
          onChange={(e) => set({ negativePrompt: e.target.value })}
        />
      </Field>
      {options && options.promptStyles.length > 0 && (
        <Select
          label={intl.formatMessage({ id: 'create.style' })}
          value={form.style?.name ?? NONE}
          onValueChange={(v) => set({ style: options.promptStyles.find((s) => s.name === v) ?? null })}
          options={[
            { value: NONE, label: intl.formatMessage({ id: 'create.style.none' }) },
            ...options.promptStyles.map((s) => ({ value: s.name, label: s.name })),
          ]}
        />
      )}
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
        <>
          <Tiles
            legend={<FormattedMessage id="create.size" />}
            name="size-mode"
            testId="size-modes"
            values={sizeModes}
            columns={5}
            value={form.size.kind === 'custom' ? 'custom' : form.size.mode}
            label={(v) => (v === 'custom' ? <FormattedMessage id="create.size.custom" /> : String(v))}
            onChange={(v) =>
              set({
                size:
                  v === 'custom'
                    ? {
                        kind: 'custom',
                        ...(form.size.kind === 'mode'
                          ? (() => {
                              const s = tasks.imageSize(form.size.mode, form.size.aspectRatio);
                              const r = tasks.CUSTOM_SIZE_RANGES[range];
                              const fit = (n: number) => Math.min(r.max, Math.max(r.min, n));
                              return { width: fit(s.width), height: fit(s.height) };
                            })()
                          : { width: form.size.width, height: form.size.height }),
                      }
                    : {
                        kind: 'mode',
                        mode: v,
                        aspectRatio: form.size.kind === 'mode' ? form.size.aspectRatio : '1:1',
                      },
              })
            }
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
            <div className={styles.pair}>
              <Field
                label={<FormattedMessage id="create.size.width" />}
                error={customError(problems.width)}
                help={
                  <FormattedMessage id="create.size.range" values={{ ...tasks.CUSTOM_SIZE_RANGES[range] }} />
                }
              >
                <TextInput
                  type="number"
                  inputMode="numeric"
                  step={8}
                  data-testid="custom-width"
                  value={String(form.size.width)}
                  onChange={(e) =>
                    form.size.kind === 'custom' &&
                    set({ size: { ...form.size, width: Number(e.target.value) } })
                  }
                />
              </Field>
              <Field
                label={<FormattedMessage id="create.size.height" />}
                error={customError(problems.height)}
              >
                <TextInput
                  type="number"
                  inputMode="numeric"
                  step={8}
                  data-testid="custom-height"
                  value={String(form.size.height)}
                  onChange={(e) =>
                    form.size.kind === 'custom' &&
                    set({ size: { ...form.size, height: Number(e.target.value) } })
                  }
                />
              </Field>
            </div>
          )}
          {size && (
            <p className={styles.note} data-testid="planned-size">
              <FormattedMessage
                id="create.size.planned"
                values={{ width: size.width, height: size.height }}
              />
            </p>
          )}
        </>
      )}
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
          error={
            problems.seed === null ? undefined : <FormattedMessage id={`create.seed.${problems.seed}`} />
          }
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
      <Switch
        label={<FormattedMessage id="create.advanced" />}
        description={<FormattedMessage id="create.advanced.help" />}
        checked={advanced}
        onCheckedChange={setAdvanced}
      />
      {advanced && options === null && (
        <p className={styles.note}>
          <FormattedMessage id="create.options.unavailable" />
        </p>
      )}
      {advanced && options !== null && (
        <div className={styles.advanced} data-testid="advanced-options">
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
          <fieldset className={styles.group} data-testid="loras">
            <legend className={styles.legend}>
              <FormattedMessage
                id="create.loras"
                values={{ count: form.loras.length, max: tasks.LORA_MAX }}
              />
            </legend>
            {form.loras.map((l) => (
              <div key={l.modelId} className={styles.unit}>
                <Slider
                  className={styles.unitSlider}
                  label={modelName(l.modelId)}
                  min={tasks.LORA_WEIGHT.min}
                  max={tasks.LORA_WEIGHT.max}
                  step={tasks.LORA_WEIGHT.step}
                  value={l.weight}
                  onValueChange={(w) =>
                    set({ loras: form.loras.map((x) => (x.modelId === l.modelId ? { ...x, weight: w } : x)) })
                  }
                  formatValue={(w) => intl.formatNumber(w, { maximumFractionDigits: 2 })}
                />
                <IconButton
                  size="sm"
                  label={intl.formatMessage({ id: 'create.loras.remove' }, { name: modelName(l.modelId) })}
                  onClick={() => set({ loras: form.loras.filter((x) => x.modelId !== l.modelId) })}
                >
                  <CloseIcon />
                </IconButton>
              </div>
            ))}
            {form.loras.length < tasks.LORA_MAX && loraChoices.length > 0 && (
              <Select
                label={intl.formatMessage({ id: 'create.loras.add' })}
                hideLabel
                placeholder={intl.formatMessage({ id: 'create.loras.add' })}
                value=""
                onValueChange={(v) =>
                  set({ loras: [...form.loras, { modelId: v, weight: tasks.LORA_WEIGHT.default }] })
                }
                options={loraChoices.map((m) => ({
                  value: m.id,
                  disabled: m.disabled,
                  label: m.disabled
                    ? intl.formatMessage({ id: 'create.model.disabled' }, { name: m.name })
                    : m.name,
                }))}
              />
            )}
          </fieldset>
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
          {referenceUrl === null && (
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
          )}
          {referenceUrl !== null && (
            <fieldset className={styles.group} data-testid="control-units">
              <legend className={styles.legend}>
                <FormattedMessage
                  id="create.control"
                  values={{ count: form.controlUnits.length, max: options.controlUnits.max }}
                />
              </legend>
              {form.controlUnits.map((u, i) => (
                <div key={i} className={styles.unit}>
                  <Select
                    label={intl.formatMessage({ id: 'create.control.module' }, { n: i + 1 })}
                    value={u.module}
                    onValueChange={(m) =>
                      set({
                        controlUnits: form.controlUnits.map((x, j) => (j === i ? { ...x, module: m } : x)),
                      })
                    }
                    options={options.modules.map((m) => ({
                      value: m.name,
                      label: `${m.name} · ${m.category}`,
                    }))}
                  />
                  <Slider
                    className={styles.unitSlider}
                    label={intl.formatMessage({ id: 'create.control.weight' })}
                    min={tasks.CONTROL_WEIGHT.min}
                    max={tasks.CONTROL_WEIGHT.max}
                    step={tasks.CONTROL_WEIGHT.step}
                    value={u.weight}
                    onValueChange={(w) =>
                      set({
                        controlUnits: form.controlUnits.map((x, j) => (j === i ? { ...x, weight: w } : x)),
                      })
                    }
                  />
                  <IconButton
                    size="sm"
                    label={intl.formatMessage({ id: 'create.control.remove' }, { n: i + 1 })}
                    onClick={() => set({ controlUnits: form.controlUnits.filter((_, j) => j !== i) })}
                  >
                    <CloseIcon />
                  </IconButton>
                </div>
              ))}
              {form.controlUnits.length < options.controlUnits.max && options.modules.length > 0 && (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    set({
                      controlUnits: [
                        ...form.controlUnits,
                        { module: options.modules[0]!.name, weight: options.controlUnits.defaultWeight },
                      ],
                    })
                  }
                >
                  <FormattedMessage id="create.control.add" />
                </Button>
              )}
            </fieldset>
          )}
        </div>
      )}
      <p className={styles.estimate} data-testid="estimate" aria-live="polite">
        {matching === null ? (
          <FormattedMessage id="create.estimate.pending" />
        ) : guest ? (
          <FormattedMessage
            id="create.estimate.guest"
            values={{ seconds: Math.ceil(matching.estimateMs / 1000) }}
          />
        ) : (
          <FormattedMessage
            id="create.estimate"
            values={{ coins: matching.coins, seconds: Math.ceil(matching.estimateMs / 1000) }}
          />
        )}
        <CoinShortfallNote shortfall={tasks.coinShortfall(matching, guest, balance)} />
      </p>
      <Button type="submit" variant="primary" size="lg" block data-testid="generate">
        <FormattedMessage id="create.generate" />
        {!guest && (
          <span className={styles.cost}>
            <FormattedMessage
              id="create.cost"
              values={{ cost: matching?.coins ?? tasks.IMAGE_TASK_COST * form.batchCount }}
            />
          </span>
        )}
      </Button>
      {guest && (
        <p className={styles.note}>
          <FormattedMessage id="create.guestNote" />
        </p>
      )}
    </form>
  );
};
