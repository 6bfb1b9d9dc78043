import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { session, tasks } from '../../domain/index.js';
import { ASPECT_RATIOS, IMAGE_TASK_COST, PROMPT_MAX_LENGTH } from '../../infrastructure/contract/tasks';
import { createTask } from '../../infrastructure/store/commands';
import { useAppDispatch, useAppSelector } from '../../infrastructure/store/hooks';
import { TaskCard } from '../components/TaskCard';
import { Uploader } from '../components/Uploader';

const ratioBox = (ratio: string) => {
  const [w = 1, h = 1] = ratio.split(':').map(Number);
  const scale = 18 / Math.max(w, h);
  return { width: `${Math.round(w * scale)}px`, height: `${Math.round(h * scale)}px` };
};

export const CreatePage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const isGuest = useAppSelector((s) => session.selectIsGuest(s.session));
  const list = useAppSelector((s) => tasks.selectTaskList(s.tasks));
  const [prompt, setPrompt] = useState('');
  const [aspectRatio, setAspectRatio] = useState<string>('16:9');
  const [touched, setTouched] = useState(false);
  const empty = prompt.trim() === '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (empty) return;
    dispatch(createTask({ prompt: prompt.trim(), aspectRatio, domainType: 0 }));
  };

  return (
    <div className="create-layout">
      <section className="panel composer" aria-labelledby="create-title">
        <h1 id="create-title">
          <FormattedMessage id="create.title" />
        </h1>
        <p className="muted">
          <FormattedMessage id="create.subtitle" />
        </p>
        <form onSubmit={submit} noValidate>
          <label htmlFor="prompt" className="field-label">
            <FormattedMessage id="create.prompt.label" />
          </label>
          <textarea
            id="prompt"
            name="prompt"
            data-testid="prompt"
            rows={5}
            maxLength={PROMPT_MAX_LENGTH}
            value={prompt}
            placeholder={intl.formatMessage({ id: 'create.prompt.placeholder' })}
            aria-invalid={touched && empty}
            aria-describedby="prompt-help"
            onChange={(e) => setPrompt(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) submit(e);
            }}
          />
          <div id="prompt-help" className="field-help">
            {touched && empty ? (
              <span className="field-error" role="alert">
                <FormattedMessage id="create.prompt.empty" />
              </span>
            ) : (
              <span />
            )}
            <span className="muted">
              <FormattedMessage
                id="create.prompt.count"
                values={{ count: prompt.length, max: PROMPT_MAX_LENGTH }}
              />
            </span>
          </div>
          <fieldset className="ratio-group">
            <legend className="field-label">
              <FormattedMessage id="create.aspectRatio" />
            </legend>
            <div className="ratio-options" role="radiogroup">
              {ASPECT_RATIOS.map((r) => (
                <label key={r} className={`ratio-option${r === aspectRatio ? ' selected' : ''}`}>
                  <input
                    type="radio"
                    name="aspect"
                    value={r}
                    checked={r === aspectRatio}
                    onChange={() => setAspectRatio(r)}
                  />
                  <span className="ratio-shape" style={ratioBox(r)} aria-hidden="true" />
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
          <button type="submit" className="button primary wide" data-testid="generate">
            <FormattedMessage id="create.generate" />
            {!isGuest && (
              <span className="button-note">
                <FormattedMessage id="create.cost" values={{ cost: IMAGE_TASK_COST }} />
              </span>
            )}
          </button>
          {isGuest && (
            <p className="muted small">
              <FormattedMessage id="create.guestNote" />
            </p>
          )}
        </form>
      </section>
      <section className="gallery" aria-labelledby="tasks-title">
        <h2 id="tasks-title">
          <FormattedMessage id="tasks.title" />
        </h2>
        {list.length === 0 ? (
          <div className="empty-state" data-testid="tasks-empty">
            <div className="empty-art" aria-hidden="true" />
            <h3>
              <FormattedMessage id="tasks.empty.title" />
            </h3>
            <p className="muted">
              <FormattedMessage id="tasks.empty.body" />
            </p>
          </div>
        ) : (
          <div className="task-grid">
            {list.map((t) => (
              <TaskCard key={t.id} task={t} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
};
