import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { studio } from '../../../../domain/index.js';
import { loadSquareItem, tryRecipe } from '../../../../infrastructure/studio/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { Avatar, Badge, Button, Card, Field, TextArea } from '../../../ui';
import { ResourceState } from '../ResourceState';
import { RunResult } from '../RunResult';
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
          <>
            <header className={styles.header}>
              <div>
                <h1 className={styles.title}>{item.title}</h1>
                <div className={styles.row}>
                  <Avatar src={item.author.avatar} name={item.author.name} size="sm" decorative />
                  <span className={styles.muted}>{item.author.name}</span>
                  <Badge tone="accent">
                    <FormattedMessage id={`feed.card.${item.card_type}`} />
                  </Badge>
                </div>
              </div>
            </header>
            <div className={styles.two}>
              <Card padding="lg">
                <div className={styles.form}>
                  {item.cover && (
                    <img
                      className={styles.cover}
                      src={item.cover.url}
                      alt=""
                      width={item.cover.width}
                      height={item.cover.height}
                    />
                  )}
                  <p>{item.description}</p>
                  {item.tags.length > 0 && (
                    <div className={styles.chips}>
                      {item.tags.map((t) => (
                        <Badge key={t.id}>{t.title}</Badge>
                      ))}
                    </div>
                  )}
                </div>
              </Card>
              <Card padding="lg">
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
              </Card>
            </div>
          </>
        )}
      </ResourceState>
    </div>
  );
};

export default RecipePage;
