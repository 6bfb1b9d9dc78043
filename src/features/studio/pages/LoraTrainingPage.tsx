import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { billing, images as pictures, studio } from '../../../../domain/index.js';
import {
  downloadTraining,
  loadTrainingConfig,
  publishTraining,
  startTraining,
  stopTraining,
} from '../../../../infrastructure/studio/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import {
  Badge,
  Button,
  Card,
  Field,
  IconButton,
  Picture,
  ProgressBar,
  Select,
  Slider,
  Spinner,
  TextInput,
} from '../../../ui';
import { useTierName } from '../../billing';
import { ResourceState } from '../ResourceState';
import { UploadPicker } from '../UploadPicker';
import styles from '../Studio.module.css';
import { useResource, useRunId, useSlotUploads, type SlotUpload } from '../useStudio';

type TrainingConfig = Extract<
  ReturnType<typeof useResource<'trainingConfig'>>,
  { readonly status: 'loaded' }
>['value']['config'];

const IMAGE_PREFIX = 'lora-image-';
/** How wide a sample is shown (Studio.module.css `.samples`: 140 px columns), and a dataset thumbnail (`.thumbs`). */
const SAMPLE_PX = 160;
const THUMB_PX = 96;

const PHASE_TONE = {
  queued: 'info',
  training: 'accent',
  done: 'success',
  failed: 'danger',
  stopped: 'warning',
} as const;

/** The training the page follows: its progress, stop, and once done its result, download and publishing. */
const TrainingPanel = ({ id }: { readonly id: string }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const view = useResource(studio.studioKey.training(id), 'training');
  const result = useResource(studio.studioKey.trainingResult(id), 'trainingResult');
  if (view.status !== 'loaded')
    return (
      <Card padding="lg">
        <ResourceState view={view} retry={() => dispatch(loadTrainingConfig({}))}>
          {() => null}
        </ResourceState>
      </Card>
    );
  const r = view.value.record;
  const phase = studio.trainingPhaseOf(r.status);
  const running = studio.isTrainingRunning(r.status);
  return (
    <Card padding="lg" data-testid="training-panel" data-phase={phase}>
      <div className={styles.form}>
        <div className={styles.header}>
          <h2 className={styles.sectionTitle}>{r.name}</h2>
          <Badge tone={PHASE_TONE[phase]} data-testid="training-phase">
            <FormattedMessage id={`lora.phase.${phase}`} />
          </Badge>
        </div>
        <p className={styles.muted}>
          <FormattedMessage
            id="lora.summary"
            values={{ images: r.image_count, steps: r.steps, base: r.base_model, trigger: r.trigger_word }}
          />
        </p>
        {running && (
          <>
            <ProgressBar
              value={phase === 'queued' && r.process === 0 ? null : r.process}
              label={intl.formatMessage({ id: 'lora.progress' })}
              text={<FormattedNumber value={r.process / 100} style="percent" />}
            />
            {r.estimate_time > 0 && (
              <p className={styles.muted}>
                <FormattedMessage id="lora.eta" values={{ seconds: r.estimate_time }} />
              </p>
            )}
            <div>
              <Button
                variant="danger"
                onClick={() => dispatch(stopTraining({ id }))}
                data-testid="training-stop"
              >
                <FormattedMessage id="lora.stop" />
              </Button>
            </div>
          </>
        )}
        {phase === 'failed' && <p className={styles.error}>{r.status_desc}</p>}
        {phase === 'done' &&
          (result.status === 'loaded' ? (
            <div className={styles.form} data-testid="training-result">
              <h3 className={styles.sectionTitle}>
                <FormattedMessage id="lora.samples" />
              </h3>
              <div className={styles.samples}>
                {result.value.result.samples.map((s, i) => (
                  <Picture
                    key={s.url}
                    {...pictures.pictureOf(s.url, SAMPLE_PX, s.width)}
                    width={s.width}
                    height={s.height}
                    alt={intl.formatMessage({ id: 'lora.sampleAlt' }, { n: i + 1 })}
                  />
                ))}
              </div>
              <p className={styles.muted}>
                <FormattedMessage
                  id="lora.file"
                  values={{
                    name: result.value.result.file.file_name,
                    size: Math.round(result.value.result.file.size / 1024),
                  }}
                />
              </p>
              <div className={styles.row}>
                <Button onClick={() => dispatch(downloadTraining({ id }))} data-testid="training-download">
                  <FormattedMessage id="lora.download" />
                </Button>
                {r.published_model_id === null ? (
                  <Button
                    variant="primary"
                    onClick={() => dispatch(publishTraining({ id }))}
                    data-testid="training-publish"
                  >
                    <FormattedMessage id="lora.publish" />
                  </Button>
                ) : (
                  <Button asChild variant="ghost">
                    <Link
                      to={to(`/models/${encodeURIComponent(r.published_model_id)}`)}
                      data-testid="training-published"
                    >
                      <FormattedMessage id="lora.published" />
                    </Link>
                  </Button>
                )}
              </div>
            </div>
          ) : (
            <ResourceState view={result} retry={() => dispatch(loadTrainingConfig({}))} lines={3}>
              {() => null}
            </ResourceState>
          ))}
      </div>
    </Card>
  );
};

/** The training form's state: the fields, the data set's uploads, the domain's problems and the start command. */
const useLoraForm = () => {
  const dispatch = useAppDispatch();
  const uploads = useSlotUploads(IMAGE_PREFIX);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [name, setName] = useState('');
  const [triggerWord, setTriggerWord] = useState('');
  const [tagText, setTagText] = useState('');
  const [steps, setSteps] = useState<number>(studio.TRAIN_STEPS_RANGE.default);
  const [baseModel, setBaseModel] = useState<string>('SDXL');
  const [trainType, setTrainType] = useState<string>('character');
  const [touched, setTouched] = useState(false);

  const shown = uploads.filter((u) => !removed.has(u.field));
  const images = shown.flatMap((u) => (u.url === null ? [] : [u.url]));
  const uploading = shown.some((u) => u.status === 'init' || u.status === 'pending');
  const tags = studio.parseTags(tagText);
  const problems = studio.trainingProblems({ name, images, triggerWord, tags, steps });
  const problemOf = (field: studio.TrainingField) =>
    touched ? problems.find((x) => x.field === field) : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problems.length > 0 || uploading) return;
    dispatch(
      startTraining({
        name,
        images,
        triggerWord,
        tags,
        steps,
        baseModel,
        trainType,
      }),
    );
  };
  return {
    ...{ name, triggerWord, tagText, steps, baseModel, trainType },
    ...{ setName, setTriggerWord, setTagText, setSteps, setBaseModel, setTrainType },
    remove: (field: string) => setRemoved(new Set([...removed, field])),
    shown,
    images,
    uploading,
    problemOf,
    submit,
  };
};

/** The data set: a picker that uploads each image to a new slot, the thumbnails, and its problem. */
const LoraDataset = ({
  shown,
  count,
  min,
  max,
  uploading,
  remove,
  error,
}: {
  readonly shown: readonly SlotUpload[];
  readonly count: number;
  readonly min: number;
  readonly max: number;
  readonly uploading: boolean;
  readonly remove: (field: string) => void;
  readonly error: React.ReactNode;
}) => {
  const intl = useIntl();
  return (
    <section className={styles.form} aria-labelledby="lora-dataset">
      <h2 id="lora-dataset" className={styles.legend}>
        <FormattedMessage id="lora.dataset" values={{ count, min, max }} />
      </h2>
      <div className={styles.row}>
        <UploadPicker
          prefix={IMAGE_PREFIX}
          accept="image/*"
          labelId="lora.addImages"
          testId="lora-images"
          taskInput
        />
        {uploading && <Spinner size="sm" label={intl.formatMessage({ id: 'lora.uploading' })} />}
      </div>
      {shown.length > 0 && (
        <ul className={styles.thumbs} data-testid="lora-thumbs">
          {shown.map((u) => (
            <li key={u.field} className={styles.thumb}>
              {u.url !== null ? (
                <Picture
                  {...pictures.pictureOf(u.url, THUMB_PX)}
                  width={THUMB_PX}
                  height={THUMB_PX}
                  alt={u.name}
                />
              ) : (
                <Spinner size="sm" label={u.name} />
              )}
              <IconButton
                className={styles.thumbAction}
                size="sm"
                variant="secondary"
                label={intl.formatMessage({ id: 'lora.removeImage' }, { name: u.name })}
                onClick={() => remove(u.field)}
              >
                ×
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
};

/** The training form over the server's config: name, data set, trigger word, tags, base model, type and steps. */
const LoraForm = ({ c, f }: { readonly c: TrainingConfig; readonly f: ReturnType<typeof useLoraForm> }) => {
  const intl = useIntl();
  const tierName = useTierName();
  const problemOf = (field: studio.TrainingField) => {
    const p = f.problemOf(field);
    return p ? <FormattedMessage id={p.messageKey} values={p.values} /> : undefined;
  };
  return (
    <form className={styles.form} onSubmit={f.submit} noValidate data-testid="lora-form">
      <p className={styles.muted} data-testid="lora-quota">
        <FormattedMessage
          id="lora.quota"
          values={{
            cost: c.cost,
            used: c.used_this_month,
            limit: c.monthly_limit,
            tier: tierName(billing.tierOfWireName(c.tier) ?? 'none'),
          }}
        />
      </p>
      <Field label={<FormattedMessage id="lora.name" />} error={problemOf('name')} required>
        <TextInput value={f.name} onChange={(e) => f.setName(e.target.value)} data-testid="lora-name" />
      </Field>
      <LoraDataset
        shown={f.shown}
        count={f.images.length}
        min={c.min_images}
        max={c.max_images}
        uploading={f.uploading}
        remove={f.remove}
        error={problemOf('images')}
      />
      <Field
        label={<FormattedMessage id="lora.trigger" />}
        help={<FormattedMessage id="lora.triggerHelp" />}
        error={problemOf('triggerWord')}
      >
        <TextInput
          value={f.triggerWord}
          onChange={(e) => f.setTriggerWord(e.target.value)}
          data-testid="lora-trigger"
        />
      </Field>
      <Field
        label={<FormattedMessage id="lora.tags" />}
        help={<FormattedMessage id="lora.tagsHelp" />}
        error={problemOf('tags')}
      >
        <TextInput value={f.tagText} onChange={(e) => f.setTagText(e.target.value)} data-testid="lora-tags" />
      </Field>
      <div className={styles.row}>
        <Select
          label={intl.formatMessage({ id: 'lora.baseModel' })}
          value={f.baseModel}
          onValueChange={f.setBaseModel}
          options={c.base_models.map((b) => ({ value: b, label: b }))}
        />
        <Select
          label={intl.formatMessage({ id: 'lora.trainType' })}
          value={f.trainType}
          onValueChange={f.setTrainType}
          options={c.train_types.map((t) => ({
            value: t,
            label: intl.formatMessage({ id: `lora.type.${t}` }),
          }))}
        />
      </div>
      <Slider
        label={intl.formatMessage({ id: 'lora.steps' })}
        min={c.steps.min}
        max={c.steps.max}
        step={100}
        value={f.steps}
        onValueChange={f.setSteps}
        formatValue={(v) => intl.formatNumber(v)}
      />
      <div>
        <Button type="submit" variant="primary" disabled={f.uploading} data-testid="lora-start">
          <FormattedMessage id="lora.start" values={{ cost: c.cost }} />
        </Button>
      </div>
    </form>
  );
};

/**
 * LoRA training (spec §7 model training, §8 codes 120000-120013): a data set of at least 9 images,
 * trigger word and tags, parameters; the training's progress, stop, its result with sample images,
 * the download and publishing to the square. Refusals (a member's or non-member's limit) are the
 * error map's dialogs, which lead to /pricing.
 */
const LoraTrainingPage = () => {
  const dispatch = useAppDispatch();
  const config = useResource(studio.studioKey.trainingConfig(), 'trainingConfig');
  const current = useRunId('lora');
  const f = useLoraForm();
  useEffect(() => {
    dispatch(loadTrainingConfig({}));
  }, [dispatch]);

  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>
          <FormattedMessage id="lora.title" />
        </h1>
        <p className={styles.subtitle}>
          <FormattedMessage id="lora.subtitle" values={{ min: studio.TRAIN_MIN_IMAGES }} />
        </p>
      </header>
      <ResourceState view={config} retry={() => dispatch(loadTrainingConfig({}))}>
        {({ config: c }) => (
          <div className={styles.two}>
            <Card padding="lg">
              <LoraForm c={c} f={f} />
            </Card>
            {current === null ? (
              <Card padding="lg">
                <p className={styles.muted}>
                  <FormattedMessage id="lora.none" />
                </p>
              </Card>
            ) : (
              <TrainingPanel id={current} />
            )}
          </div>
        )}
      </ResourceState>
    </div>
  );
};

export default LoraTrainingPage;
