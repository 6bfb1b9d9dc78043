import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { studio } from '../../../../domain/index.js';
import { loadSquareItem, tryRecipe } from '../../../../infrastructure/studio/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { Button, Field, TextArea } from '../../../ui';
import { ResourceState } from '../ResourceState';
import { RunResult } from '../RunResult';
import { SquareItemIntro } from '../SquareItemIntro';
import styles from '../Studio.module.css';
import { useResource, useRunTask } from '../useStudio';

/** An AI app (`/apps/:id`) or design template (`/templates/:id`): its card, and Try, which runs it. */
const RecipePage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const id = useParams()['id'] ?? '';
  const view = useResource(studio.studioKey.squareItem(id), 'squareItem');
  const [subject, setSubject] = useState('');
  const task = useRunTask(`recipe:${id}`);
  const running = task !== null && task.phase.status === 'inProgress';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    dispatch(tryRecipe({ itemId: id, subject }));
  };
  return (
    <div className={styles.page}>
      <ResourceState view={view} retry={() => dispatch(loadSquareItem({ id }))}>
        {({ item }) => (
          <SquareItemIntro item={item}>
            <form className={styles.form} onSubmit={submit}>
              <h2 className={styles.sectionTitle}>
                <FormattedMessage id="recipe.try" />
              </h2>
              <Field
                label={<FormattedMessage id="recipe.subject" />}
                help={<FormattedMessage id="recipe.subjectHelp" />}
              >
                <TextArea
                  rows={3}
                  maxLength={studio.APP_SUBJECT_MAX}
                  value={subject}
                  placeholder={intl.formatMessage({ id: 'recipe.subjectPlaceholder' })}
                  onChange={(e) => setSubject(e.target.value)}
                  data-testid="recipe-subject"
                />
              </Field>
              <div>
                <Button type="submit" variant="primary" loading={running} data-testid="recipe-try">
                  <FormattedMessage id="recipe.run" />
                </Button>
              </div>
              <RunResult runKey={`recipe:${id}`} />
            </form>
          </SquareItemIntro>
        )}
      </ResourceState>
    </div>
  );
};

export default RecipePage;
