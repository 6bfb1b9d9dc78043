import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { images, tasks } from '../../../../domain/index.js';
import { estimateFields, submitAfterUpload, submitTask } from '../../../../infrastructure/tasks/commands';
import { removeUpload, uploadPickedFile } from '../../../../infrastructure/uploads/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import {
  Button,
  Card,
  EmptyState,
  Field,
  IconButton,
  Picture,
  ProgressBar,
  Select,
  Slider,
  TextArea,
} from '../../../ui';
import { CloseIcon } from '../../../ui/icons';
import { BeforeAfter, QueuePanel } from '../../queue';
import { Uploader, useUploadGroup } from '../../uploads';
import { MaskPainter, type MaskHandle } from '../MaskPainter';
import { ScribbleCanvas, type ScribbleHandle } from '../ScribbleCanvas';
import styles from '../Tools.module.css';
import { CoinShortfallNote, useEstimate, useTaskCount } from '../../create';
import { useLatestToolTask, useToolSlug } from '../useTool';

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

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

/**
 * How wide the result is shown (Tools.module.css `.layout`): the whole column below 900 px, else
 * the column beside the form, about 60% of the window, at most 760 px.
 */
const RESULT_MAX_PX = 760;
const RESULT_SIZES = images.columnSizes(900, '60vw');
/** The picked picture beside the video tiers (`.prefill img`), and under each filter (`.tileGrid`). */
const PREFILL_PX = 72;
const FILTER_TILE_PX = 96;

const Result = ({ spec }: { readonly spec: tasks.ToolSpec }) => {
  const intl = useIntl();
  const task = useLatestToolTask(spec);
  if (task === null)
    return (
      <EmptyState
        level={2}
        title={<FormattedMessage id="tools.result.empty" />}
        body={<FormattedMessage id={`tools.${spec.key}.description`} />}
      />
    );
  const alt = intl.formatMessage(
    { id: 'tools.result.alt' },
    { tool: intl.formatMessage({ id: `tools.${spec.key}.title` }) },
  );
  return (
    <div className={styles.result} data-testid="tool-result" data-status={task.status}>
      <h2 className={styles.resultTitle}>
        <FormattedMessage id="tools.result.title" />
      </h2>
      {task.status === 'inProgress' && (
        <ProgressBar
          value={task.indeterminate ? null : task.progress}
          label={intl.formatMessage({ id: 'tools.result.progress' })}
          text={
            task.progress === null ? undefined : intl.formatNumber(task.progress / 100, { style: 'percent' })
          }
        />
      )}
      {task.status === 'failed' && (
        <p className={styles.error} role="alert">
          <FormattedMessage id={task.statusKey} />
          {task.failureReason !== null && <> · {task.failureReason}</>}
        </p>
      )}
      {task.image && spec.beforeAfter && task.inputUrl !== null ? (
        <BeforeAfter
          before={task.inputUrl}
          after={task.image.url}
          width={task.image.width}
          height={task.image.height}
          alt={alt}
          cssWidth={RESULT_MAX_PX}
          sizes={RESULT_SIZES}
        />
      ) : task.image ? (
        <Picture
          className={styles.resultImage}
          {...images.pictureOf(task.image.url, RESULT_MAX_PX, task.image.width, RESULT_SIZES)}
          width={task.image.width}
          height={task.image.height}
          alt={alt}
          data-testid="tool-result-image"
        />
      ) : null}
    </div>
  );
};

/**
 * One AI tool page (spec §2), driven by its row of the domain's table (`tasks.TOOLS`): its
 * uploads, scribble canvas, eraser mask, filter picker, upscale factor or video tier; the
 * estimate and cost; the result beside the input; the queue below. `?image=` pre-fills the
 * video generator (spec §2 image-to-video from a card).
 */
const ToolPage = () => {
  const slug = useToolSlug();
  if (slug === null) return null;
  return <Tool key={slug} spec={tasks.toolOf(slug)} />;
};

const Tool = ({ spec }: { readonly spec: tasks.ToolSpec }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const [params] = useSearchParams();
  const [prefill, setPrefill] = useState(() =>
    spec.videoTiers ? tasks.prefillImageOf(params.get('image')) : null,
  );
  const [inputs, setInputs] = useState<tasks.ToolInputs>(tasks.defaultToolInputs);
  const [touched, setTouched] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [brush, setBrush] = useState(24);
  const scribble = useRef<ScribbleHandle>(null);
  const mask = useRef<MaskHandle>(null);
  const imageField = `tool-${spec.slug}-image`;
  const faceField = `tool-${spec.slug}-face`;
  const maskField = `tool-${spec.slug}-mask`;
  const image = useUploadGroup(imageField, 1);
  const face = useUploadGroup(faceField, 1);
  const maskUpload = useUploadGroup(maskField, 1);
  const { estimate, guest, balance } = useEstimate();
  const taskCount = useTaskCount();

  const imageUrl =
    spec.image.source === 'scribble' ? (image.urls[0] ?? null) : (prefill ?? image.urls[0] ?? null);
  const full: tasks.ToolInputs = {
    ...inputs,
    imageUrl:
      spec.image.source === 'scribble' ? (drawn ? 'pending:scribble' : (image.urls[0] ?? null)) : imageUrl,
    secondImageUrl: face.urls[0] ?? null,
    mask: spec.mask && drawn ? { url: maskUpload.urls[0] ?? 'pending:mask', painted: true } : null,
  };
  const problem = tasks.toolProblem(spec, full);
  const request = tasks.toolRequest(spec, full);
  const busy = image.running || maskUpload.running;
  const requestKey = request === null ? null : tasks.estimateKeyOf(request);

  // Estimate what is filled in; a sketch or mask still to upload is estimated as it will be sent.
  useEffect(() => {
    if (request === null) return;
    const fields = Object.fromEntries(
      Object.entries(request).map(([k, v]) => [
        k,
        typeof v === 'string' && v.startsWith('pending:') ? '/pending' : v,
      ]),
    );
    dispatch(estimateFields({ fields }));
  }, [dispatch, requestKey, taskCount]); // eslint-disable-line react-hooks/exhaustive-deps

  /** A sketch or a mask goes up first; the task follows once its upload is done (an epic waits for it). */
  const uploadThenSubmit = (
    group: typeof image,
    field: string,
    key: 'input_url' | 'mask_url',
    blob: Blob,
    name: string,
  ) => {
    const fields = tasks.toolRequest(spec, {
      ...full,
      ...(key === 'input_url' ? { imageUrl: '/pending' } : { mask: { url: '/pending', painted: true } }),
    });
    if (fields === null) return;
    for (const f of group.files)
      if (f.status !== 'init' && f.status !== 'pending') dispatch(removeUpload({ id: f.id }));
    dispatch(submitAfterUpload({ field, previousUrl: null, key, fields }));
    dispatch(uploadPickedFile(field, new File([blob], name, { type: 'image/png' })));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem !== null || busy) return;
    if (spec.image.source === 'scribble' && drawn && scribble.current) {
      uploadThenSubmit(image, imageField, 'input_url', await scribble.current.toBlob(), 'scribble.png');
      return;
    }
    if (spec.mask && mask.current) {
      uploadThenSubmit(maskUpload, maskField, 'mask_url', await mask.current.toBlob(), 'mask.png');
      return;
    }
    const req = tasks.toolRequest(spec, full);
    if (req !== null) dispatch(submitTask({ fields: req }));
  };

  const set = (patch: Partial<tasks.ToolInputs>) => setInputs((i) => ({ ...i, ...patch }));
  // Another page's estimate (Create, another tool) is not this tool's.
  const matching =
    estimate !== null && request !== null && estimate.domainType === request.domain_type ? estimate : null;
  const promptShown = spec.prompt !== 'none';
  const promptRequired = spec.prompt === 'required' || (spec.videoTiers && imageUrl === null);

  return (
    <div className={styles.layout} data-testid="tool-page" data-tool={spec.slug}>
      <nav className={styles.crumbs} aria-label={intl.formatMessage({ id: 'tools.crumbs' })}>
        <Link to={to('/ai-tools')}>
          <FormattedMessage id="tools.index.title" />
        </Link>
      </nav>
      <Card className={styles.panel} padding="lg" role="region" aria-labelledby="tool-title">
        <h1 id="tool-title" className={styles.title}>
          <FormattedMessage id={`tools.${spec.key}.title`} />
        </h1>
        <p className={styles.subtitle}>
          <FormattedMessage id={`tools.${spec.key}.description`} />
        </p>
        <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate data-testid="tool-form">
          {spec.image.source === 'scribble' ? (
            <div className={styles.group}>
              <p className={styles.legend}>
                <FormattedMessage id="tools.scribble.label" />
              </p>
              <ScribbleCanvas ref={scribble} brush={brush} onDrawn={setDrawn} />
              <div className={styles.row}>
                <Slider
                  className={styles.grow}
                  label={intl.formatMessage({ id: 'tools.brush' })}
                  min={4}
                  max={48}
                  value={brush}
                  onValueChange={setBrush}
                />
                <Button type="button" size="sm" variant="ghost" onClick={() => scribble.current?.clear()}>
                  <FormattedMessage id="tools.clear" />
                </Button>
              </div>
              <Uploader field={imageField} accept={IMAGE_TYPES} labelId="tools.scribble.upload" taskInput />
            </div>
          ) : prefill !== null ? (
            <div className={styles.prefill} data-testid="prefill-image">
              <Picture
                {...images.pictureOf(prefill, PREFILL_PX)}
                width={PREFILL_PX}
                height={PREFILL_PX}
                alt={intl.formatMessage({ id: 'tools.video.prefilled' })}
              />
              <span>
                <FormattedMessage id="tools.video.prefilled" />
              </span>
              <IconButton
                size="sm"
                label={intl.formatMessage({ id: 'tools.video.clearPrefill' })}
                onClick={() => setPrefill(null)}
              >
                <CloseIcon />
              </IconButton>
            </div>
          ) : (
            spec.image.need !== 'none' && (
              <Uploader
                field={imageField}
                accept={IMAGE_TYPES}
                labelId={spec.image.need === 'optional' ? 'tools.image.optional' : `tools.${spec.key}.image`}
                pasteAnywhere={!spec.secondImage}
                taskInput
              />
            )
          )}
          {spec.secondImage && (
            <Uploader field={faceField} accept={IMAGE_TYPES} labelId={`tools.${spec.key}.second`} taskInput />
          )}
          {spec.mask && imageUrl !== null && (
            <div className={styles.group}>
              <p className={styles.legend}>
                <FormattedMessage id="tools.eraser.paint" />
              </p>
              <MaskPainter ref={mask} imageUrl={imageUrl} brush={brush} onPainted={setDrawn} />
              <div className={styles.row}>
                <Slider
                  className={styles.grow}
                  label={intl.formatMessage({ id: 'tools.brush' })}
                  min={8}
                  max={96}
                  value={brush}
                  onValueChange={setBrush}
                />
                <Button type="button" size="sm" variant="ghost" onClick={() => mask.current?.clear()}>
                  <FormattedMessage id="tools.clear" />
                </Button>
              </div>
            </div>
          )}
          {spec.filter && (
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
                      <span
                        className={styles.tileSwatch}
                        style={{ filter: FILTER_PREVIEW[f] }}
                        aria-hidden="true"
                      />
                    )}
                    <span>
                      <FormattedMessage id={`tools.filter.${f}`} />
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {spec.upscale && (
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
          )}
          {spec.videoTiers && (
            <>
              <fieldset className={styles.tiles} data-testid="video-tiers">
                <legend className={styles.legend}>
                  <FormattedMessage id="tools.video.tier" />
                </legend>
                <div className={styles.tileRow}>
                  {tasks.VIDEO_TIERS.map((t) => (
                    <label key={t} className={styles.chip} data-selected={inputs.tier === t || undefined}>
                      <input
                        type="radio"
                        name="tier"
                        checked={inputs.tier === t}
                        onChange={() => set({ tier: t })}
                      />
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
                      <label
                        key={r}
                        className={styles.chip}
                        data-selected={inputs.aspectRatio === r || undefined}
                      >
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
          )}
          {promptShown && (
            <Field
              label={<FormattedMessage id={promptRequired ? 'tools.prompt' : 'tools.prompt.optional'} />}
              error={
                touched && problem !== null && problem.startsWith('prompt.') ? (
                  <FormattedMessage id={`create.${problem}`} />
                ) : undefined
              }
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
          )}
          {touched && problem !== null && !problem.startsWith('prompt.') && (
            <p className={styles.error} role="alert" data-testid="tool-problem">
              <FormattedMessage id={`tools.problem.${problem}`} />
            </p>
          )}
          <p className={styles.hint} data-testid="estimate" aria-live="polite">
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
          <Button type="submit" variant="primary" size="lg" block loading={busy} data-testid="tool-run">
            <FormattedMessage id="tools.run" />
          </Button>
        </form>
      </Card>
      <Card className={styles.panel} padding="lg">
        <Result spec={spec} />
      </Card>
      <div className={styles.queue}>
        <QueuePanel headingId="tool-queue" />
      </div>
    </div>
  );
};

export default ToolPage;
