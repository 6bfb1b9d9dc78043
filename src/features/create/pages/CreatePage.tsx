import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { format, session, tasks } from '../../../../domain/index.js';
import { createTask } from '../../../../infrastructure/tasks/commands';
import { useAppDispatch, useAppSelector } from '../../../../infrastructure/store/hooks';
import { Button, Card, Field, TextArea } from '../../../ui';
import { CampaignBanner } from '../../campaigns';
import { TaskList } from '../../queue';
import { Uploader } from '../../uploads';
import styles from '../Create.module.css';

const ratioBox = (ratio: string) => {
  const [w = 1, h = 1] = ratio.split(':').map(Number);
  const scale = 18 / Math.max(w, h);
  return { inlineSize: `${Math.round(w * scale)}px`, blockSize: `${Math.round(h * scale)}px` };
};

/** Text to image (spec §9 aspect ratios) beside the queue of what this browser made. */
const CreatePage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const isGuest = useAppSelector((s) => session.selectIsGuest(s.session));
  const [prompt, setPrompt] = useState('');
  const [aspectRatio, setAspectRatio] = useState<string>('16:9');
  const [touched, setTouched] = useState(false);
  const problem = tasks.promptProblem(prompt);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem !== null) return;
    dispatch(createTask({ prompt: prompt.trim(), aspectRatio, domainType: 0 }));
  };

  return (
    <div className={styles.layout}>
      <CampaignBanner />
      <Card className={styles.composer} padding="lg" aria-labelledby="create-title" role="region">
        <h1 id="create-title" className={styles.title}>
          <FormattedMessage id="create.title" />
        </h1>
        <p className={styles.subtitle}>
          <FormattedMessage id="create.subtitle" />
        </p>
        <form onSubmit={submit} noValidate className={styles.form}>
          <Field
            label={<FormattedMessage id="create.prompt.label" />}
            error={
              touched && problem !== null ? <FormattedMessage id={`create.prompt.${problem}`} /> : undefined
            }
            help={
              <FormattedMessage
                id="create.prompt.count"
                values={{ count: prompt.length, max: tasks.PROMPT_MAX_LENGTH }}
              />
            }
          >
            <TextArea
              name="prompt"
              data-testid="prompt"
              rows={5}
              maxLength={tasks.PROMPT_MAX_LENGTH}
              value={prompt}
              placeholder={intl.formatMessage({ id: 'create.prompt.placeholder' })}
              onChange={(e) => setPrompt(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) submit(e);
              }}
            />
          </Field>
          <fieldset className={styles.ratios}>
            <legend className={styles.legend}>
              <FormattedMessage id="create.aspectRatio" />
            </legend>
            <div className={styles.ratioOptions}>
              {format.ASPECT_RATIOS.map((r) => (
                <label key={r} className={styles.ratio} data-selected={r === aspectRatio || undefined}>
                  <input
                    type="radio"
                    name="aspect"
                    value={r}
                    checked={r === aspectRatio}
                    onChange={() => setAspectRatio(r)}
                  />
                  <span className={styles.ratioShape} style={ratioBox(r)} aria-hidden="true" />
                  <span>{r}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <Uploader
            field="referenceImage"
            accept="image/png,image/jpeg,image/webp,image/gif"
            labelId="upload.reference"
          />
          <Button type="submit" variant="primary" size="lg" block data-testid="generate">
            <FormattedMessage id="create.generate" />
            {!isGuest && (
              <span className={styles.cost}>
                <FormattedMessage id="create.cost" values={{ cost: tasks.IMAGE_TASK_COST }} />
              </span>
            )}
          </Button>
          {isGuest && (
            <p className={styles.note}>
              <FormattedMessage id="create.guestNote" />
            </p>
          )}
        </form>
      </Card>
      <TaskList headingId="tasks-title" />
    </div>
  );
};

export default CreatePage;
