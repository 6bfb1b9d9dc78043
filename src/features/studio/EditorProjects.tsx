/**
 * "My projects" in the video editor (issue 21): a dialog listing the person's projects, newest
 * change first, each with its title (the 'unnamed project' placeholder when it has none) and when
 * it last changed, to open, rename (Enter saves, Escape cancels), duplicate or delete (confirmed).
 */
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { editor } from '../../../domain/index.js';
import {
  deleteListedProject,
  duplicateListedProject,
  loadProjects,
  renameListedProject,
} from '../../../infrastructure/editor/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Button, ConfirmDialog, Dialog, EmptyState, Skeleton, TextInput } from '../../ui';
import { useProjectRows, useProjectsStatus } from './useStudio';

const RenameInput = ({ row, onDone }: { readonly row: editor.ProjectRow; readonly onDone: () => void }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState(row.title.kind === 'text' ? row.title.text : '');
  const valid = editor.validProjectTitle(draft) !== null;
  const input = useRef<HTMLInputElement>(null);
  // The field replaces the title the person asked to rename: typing goes straight into it.
  useEffect(() => input.current?.focus(), []);
  const save = () => {
    if (!valid) return;
    dispatch(renameListedProject({ id: row.id, title: draft }));
    onDone();
  };
  return (
    <TextInput
      ref={input}
      value={draft}
      maxLength={editor.PROJECT_TITLE_MAX_LENGTH}
      aria-label={intl.formatMessage({ id: 'editor.projects.renameLabel' })}
      aria-invalid={!valid}
      data-testid="project-rename-input"
      data-renaming=""
      onChange={(e) => setDraft(e.target.value)}
      onBlur={onDone}
      onKeyDown={(e) => {
        if (e.key === 'Enter') save();
        else if (e.key === 'Escape') onDone();
      }}
    />
  );
};

const ProjectLine = ({ row, onOpen }: { readonly row: editor.ProjectRow; readonly onOpen: () => void }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const title = row.title.kind === 'text' ? row.title.text : intl.formatMessage({ id: row.title.key });
  return (
    <li
      data-testid="project-row"
      data-project-id={row.id}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 'var(--space-2, 8px)',
        alignItems: 'center',
        padding: '8px 0',
      }}
    >
      <div style={{ flex: '1 1 180px', minWidth: 0 }}>
        {renaming ? (
          <RenameInput row={row} onDone={() => setRenaming(false)} />
        ) : (
          <div data-testid="project-row-title" style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {title}
          </div>
        )}
        <div style={{ fontSize: '0.85em', opacity: 0.75 }}>
          {intl.formatMessage(
            { id: 'editor.projects.updated' },
            { date: intl.formatDate(row.updatedAt, { dateStyle: 'medium', timeStyle: 'short' }) },
          )}
          {' · '}
          <bdi>{row.aspectRatio}</bdi>
        </div>
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
        <Button size="sm" onClick={onOpen}>
          {intl.formatMessage({ id: 'editor.projects.open' })}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setRenaming(true)}>
          {intl.formatMessage({ id: 'editor.projects.rename' })}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => dispatch(duplicateListedProject({ id: row.id }))}
        >
          {intl.formatMessage({ id: 'editor.projects.duplicate' })}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
          {intl.formatMessage({ id: 'editor.projects.delete' })}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={intl.formatMessage({ id: 'editor.projects.deleteTitle' }, { title })}
        body={intl.formatMessage({ id: 'editor.projects.deleteBody' })}
        confirmLabel={intl.formatMessage({ id: 'editor.projects.delete' })}
        cancelLabel={intl.formatMessage({ id: 'editor.projects.cancel' })}
        danger
        onConfirm={() => dispatch(deleteListedProject({ id: row.id }))}
      />
    </li>
  );
};

export const EditorProjects = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const rows = useProjectRows();
  const status = useProjectsStatus();
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) dispatch(loadProjects({}));
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage({ id: 'editor.projects.title' })}
      closeLabel={intl.formatMessage({ id: 'editor.projects.close' })}
      size="lg"
      // Escape in a rename field cancels the rename only (the field handles it), not the list.
      onEscapeKeyDown={(e) => {
        if (e.target instanceof HTMLElement && e.target.dataset['renaming'] !== undefined) e.preventDefault();
      }}
      trigger={
        <Button variant="secondary" data-testid="editor-projects-open">
          {intl.formatMessage({ id: 'editor.projects.title' })}
        </Button>
      }
    >
      {status === 'loading' && rows.length === 0 ? (
        <div aria-busy="true">
          <Skeleton lines={3} />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState title={intl.formatMessage({ id: 'editor.projects.empty' })} level={3} />
      ) : (
        <ul data-testid="project-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((row) => (
            <ProjectLine
              key={row.id}
              row={row}
              onOpen={() => {
                setOpen(false);
                setParams({ project_id: row.id });
              }}
            />
          ))}
        </ul>
      )}
    </Dialog>
  );
};
