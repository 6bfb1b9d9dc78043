import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { tasks } from '../../../../../domain/index.js';
import { useLocale } from '../../../../i18n/locale';
import { Button, Card } from '../../../../ui';
import { EstimateNote } from '../../create';
import { QueuePanel } from '../../queue';
import { Uploader } from '../../../uploads';
import { IMAGE_TYPES, MaskField, ToolImageInput } from '../ToolImageInput';
import { FilterPicker, ToolPrompt, UpscaleOptions, VideoOptions } from '../ToolOptions';
import { ToolResult } from '../ToolResult';
import styles from '../Tools.module.css';
import { useToolForm } from '../useToolForm';
import { useToolSlug } from '../useTool';

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

/** The form of one tool: its inputs as the spec row asks, the estimate, and Run. */
const ToolForm = ({ spec }: { readonly spec: tasks.ToolSpec }) => {
  const t = useToolForm(spec);
  const { inputs, set, imageUrl, problem, touched } = t;
  const brush = { brush: t.brush, setBrush: t.setBrush, setDrawn: t.setDrawn };
  const promptRequired = spec.prompt === 'required' || (spec.videoTiers && imageUrl === null);
  const promptProblem = touched && problem !== null && problem.startsWith('prompt.');
  return (
    <form className={styles.form} onSubmit={(e) => void t.submit(e)} noValidate data-testid="tool-form">
      <ToolImageInput
        spec={spec}
        scribble={t.scribble}
        imageField={t.imageField}
        prefill={t.prefill}
        clearPrefill={t.clearPrefill}
        {...brush}
      />
      {spec.secondImage && (
        <Uploader field={t.faceField} accept={IMAGE_TYPES} labelId={`tools.${spec.key}.second`} taskInput />
      )}
      {spec.mask && imageUrl !== null && <MaskField mask={t.mask} imageUrl={imageUrl} {...brush} />}
      {spec.filter && <FilterPicker inputs={inputs} set={set} imageUrl={imageUrl} />}
      {spec.upscale && <UpscaleOptions inputs={inputs} set={set} />}
      {spec.videoTiers && <VideoOptions inputs={inputs} set={set} imageUrl={imageUrl} />}
      {spec.prompt !== 'none' && (
        <ToolPrompt
          spec={spec}
          inputs={inputs}
          set={set}
          required={promptRequired}
          error={promptProblem ? <FormattedMessage id={`create.${problem}`} /> : undefined}
        />
      )}
      {touched && problem !== null && !problem.startsWith('prompt.') && (
        <p className={styles.error} role="alert" data-testid="tool-problem">
          <FormattedMessage id={`tools.problem.${problem}`} />
        </p>
      )}
      <EstimateNote className={styles.hint} matching={t.matching} guest={t.guest} balance={t.balance} />
      <Button type="submit" variant="primary" size="lg" block loading={t.busy} data-testid="tool-run">
        <FormattedMessage id="tools.run" />
      </Button>
    </form>
  );
};

const Tool = ({ spec }: { readonly spec: tasks.ToolSpec }) => {
  const intl = useIntl();
  const { to } = useLocale();
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
        <ToolForm spec={spec} />
      </Card>
      <Card className={styles.panel} padding="lg">
        <ToolResult spec={spec} />
      </Card>
      <div className={styles.queue}>
        <QueuePanel headingId="tool-queue" />
      </div>
    </div>
  );
};

export default ToolPage;
