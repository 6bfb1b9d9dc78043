import { useEffect, useState, type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { studio } from '../../../../domain/index.js';
import { importWorkflow, loadWorkflows } from '../../../../infrastructure/studio/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { Button, Card, EmptyState, Field, TextInput } from '../../../ui';
import { ResourceState } from '../ResourceState';
import styles from '../Studio.module.css';
import { useResource } from '../useStudio';

/** Import a ComfyUI workflow (its API-format JSON file), and the workflows imported before. */
const WorkflowImportPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const list = useResource(studio.studioKey.workflowList(), 'workflowList');
  const [name, setName] = useState('');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    dispatch(loadWorkflows({}));
  }, [dispatch]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (file === null) return;
    dispatch(importWorkflow({ name: name.trim() || file.name.replace(/\.json$/i, ''), json: file.text }));
  };
  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>
          <FormattedMessage id="workflows.title" />
        </h1>
        <p className={styles.subtitle}>
          <FormattedMessage id="workflows.subtitle" />
        </p>
      </header>
      <div className={styles.two}>
        <Card padding="lg">
          <form className={styles.form} onSubmit={submit} noValidate>
            <Field label={<FormattedMessage id="workflows.name" />}>
              <TextInput
                value={name}
                maxLength={80}
                onChange={(e) => setName(e.target.value)}
                data-testid="workflow-name"
              />
            </Field>
            <div className={styles.form}>
              <label className={styles.pick}>
                <FormattedMessage id="workflows.file" />
                <input
                  className={styles.fileInput}
                  type="file"
                  accept="application/json,.json"
                  data-testid="workflow-file"
                  onChange={(e) => {
                    const f = e.target.files?.[0];
                    if (!f) return;
                    void f.text().then((text) => setFile({ name: f.name, text }));
                  }}
                />
              </label>
              <span className={styles.muted} data-testid="workflow-file-name">
                {file === null ? <FormattedMessage id="upload.none" /> : file.name}
              </span>
              {touched && file === null && (
                <p className={styles.error} role="alert">
                  <FormattedMessage id="workflows.errors.noFile" />
                </p>
              )}
            </div>
            <div>
              <Button type="submit" variant="primary" data-testid="workflow-import">
                <FormattedMessage id="workflows.import" />
              </Button>
            </div>
          </form>
        </Card>
        <Card padding="lg">
          <h2 className={styles.sectionTitle}>
            <FormattedMessage id="workflows.mine" />
          </h2>
          <ResourceState view={list} retry={() => dispatch(loadWorkflows({}))} lines={3}>
            {({ items }) =>
              items.length === 0 ? (
                <EmptyState level={3} title={<FormattedMessage id="workflows.none" />} />
              ) : (
                <ul className={styles.list}>
                  {items.map((w) => (
                    <li key={w.id}>
                      <Card interactive padding="sm" asChild>
                        <Link className={styles.listLink} to={to(`/workflows/${encodeURIComponent(w.id)}`)}>
                          <span>{w.name}</span>
                          <span className={styles.muted}>
                            <FormattedMessage id="workflows.nodes" values={{ count: w.node_count }} /> ·{' '}
                            <FormattedDate value={w.create_at} dateStyle="medium" />
                          </span>
                        </Link>
                      </Card>
                    </li>
                  ))}
                </ul>
              )
            }
          </ResourceState>
          <p className={styles.muted}>{intl.formatMessage({ id: 'workflows.formatHelp' })}</p>
        </Card>
      </div>
    </div>
  );
};

export default WorkflowImportPage;
