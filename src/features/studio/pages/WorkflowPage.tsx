import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { studio } from '../../../../domain/index.js';
import {
  loadSquareItem,
  loadWorkflow,
  runWorkflow,
  tryWorkflow,
} from '../../../../infrastructure/studio/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { Badge, Button, Card, Field, Switch, TextArea, TextInput } from '../../../ui';
import { ResourceState } from '../ResourceState';
import { SquareItemIntro } from '../SquareItemIntro';
import { RunResult } from '../RunResult';
import styles from '../Studio.module.css';
import { useResource, useRunTask, useWorkflowTry } from '../useStudio';

const NODE_TONE = { pending: 'neutral', running: 'accent', done: 'success', failed: 'danger' } as const;

type Values = Record<string, string | number | boolean>;

const WorkflowForm = ({
  id,
  graph,
  executionOrder,
}: {
  readonly id: string;
  readonly graph: studio.WorkflowGraph;
  readonly executionOrder: readonly string[];
}) => {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const fields = studio.workflowFields(graph);
  const [values, setValues] = useState<Values>({});
  const task = useRunTask(`workflow:${id}`);
  const running = task !== null && task.phase.status === 'inProgress';
  const runs =
    task === null
      ? executionOrder.map((label) => ({ label, state: 'pending' as const }))
      : studio.nodeRuns(executionOrder, {
          status: task.phase.status,
          currentNode: task.phase.status === 'inProgress' ? (task.phase.currentNode ?? null) : null,
        });
  const valueOf = (f: studio.WorkflowField) =>
    Object.prototype.hasOwnProperty.call(values, f.key) ? values[f.key]! : f.value;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    dispatch(runWorkflow({ id, values }));
  };
  return (
    <div className={styles.two}>
      <Card padding="lg">
        <form className={styles.form} onSubmit={submit} data-testid="workflow-form">
          <h2 className={styles.sectionTitle}>
            <FormattedMessage id="workflows.inputs" />
          </h2>
          {fields.length === 0 && (
            <p className={styles.muted}>
              <FormattedMessage id="workflows.noInputs" />
            </p>
          )}
          {fields.map((f) => {
            const label = intl.formatMessage({ id: 'workflows.field' }, { node: f.nodeTitle, name: f.name });
            const v = valueOf(f);
            if (f.kind === 'boolean')
              return (
                <Switch
                  key={f.key}
                  label={label}
                  checked={v === true}
                  onCheckedChange={(c) => setValues({ ...values, [f.key]: c })}
                />
              );
            return (
              <Field key={f.key} label={label}>
                {f.kind === 'longText' ? (
                  <TextArea
                    rows={3}
                    value={String(v)}
                    onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
                    data-field={f.key}
                  />
                ) : (
                  <TextInput
                    type={f.kind === 'number' ? 'number' : 'text'}
                    value={String(v)}
                    onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
                    data-field={f.key}
                  />
                )}
              </Field>
            );
          })}
          <div>
            <Button type="submit" variant="primary" loading={running} data-testid="workflow-run">
              <FormattedMessage id="workflows.run" />
            </Button>
          </div>
        </form>
      </Card>
      <Card padding="lg">
        <div className={styles.form}>
          <h2 className={styles.sectionTitle}>
            <FormattedMessage id="workflows.progressPerNode" />
          </h2>
          <ol className={styles.nodes} data-testid="workflow-nodes">
            {runs.map((n) => (
              <li key={n.label} className={styles.node} data-state={n.state}>
                <span>{n.label}</span>
                <Badge tone={NODE_TONE[n.state]}>
                  <FormattedMessage id={`workflows.node.${n.state}`} />
                </Badge>
              </li>
            ))}
          </ol>
          <RunResult runKey={`workflow:${id}`} />
        </div>
      </Card>
    </div>
  );
};

/**
 * A workflow card of the square: what it is, and Try, which copies it into the person's own
 * workflows (a guest signs in first) and opens the copy, where it runs.
 */
const SquareWorkflow = ({ item }: { readonly item: studio.SquareItem }) => {
  const dispatch = useAppDispatch();
  const state = useWorkflowTry(item.id);
  return (
    <SquareItemIntro item={item}>
      <div className={styles.form}>
        <h2 className={styles.sectionTitle}>
          <FormattedMessage id="recipe.try" />
        </h2>
        <p className={styles.help}>
          <FormattedMessage id="workflows.try.help" />
        </p>
        <div>
          <Button
            variant="primary"
            loading={state === 'copying'}
            onClick={() => dispatch(tryWorkflow({ itemId: item.id }))}
            data-testid="workflow-try"
          >
            <FormattedMessage id="feed.action.try" />
          </Button>
        </div>
      </div>
    </SquareItemIntro>
  );
};

/**
 * `/workflows/:id`: one of the person's workflows (its graph's inputs as a form, a run with
 * progress per node, its result), or else a workflow card of the square with its Try.
 */
const WorkflowPage = () => {
  const dispatch = useAppDispatch();
  const id = useParams()['id'] ?? '';
  const view = useResource(studio.studioKey.workflow(id), 'workflow');
  const square = useResource(studio.studioKey.squareItem(id), 'squareItem');
  if (view.status !== 'loaded' && square.status !== 'idle')
    return (
      <div className={styles.page}>
        <ResourceState view={square} retry={() => dispatch(loadSquareItem({ id }))}>
          {({ item }) => <SquareWorkflow item={item} />}
        </ResourceState>
      </div>
    );
  return (
    <div className={styles.page}>
      <ResourceState view={view} retry={() => dispatch(loadWorkflow({ id }))}>
        {({ workflow, graph }) => (
          <>
            <header>
              <h1 dir="auto" className={styles.title}>
                {workflow.name}
              </h1>
              <p className={styles.subtitle}>
                <FormattedMessage id="workflows.nodes" values={{ count: workflow.node_count }} />
              </p>
            </header>
            <WorkflowForm id={id} graph={graph} executionOrder={workflow.execution_order} />
          </>
        )}
      </ResourceState>
    </div>
  );
};

export default WorkflowPage;
