/**
 * The state at the selected event as a collapsible tree (issue 24): the contexts at the top, a
 * branch opens on click or Enter; only the opened levels are rendered (domain/audit flattenTree).
 */
import { useMemo, useState } from 'react';
import { flattenTree } from '../../../domain/audit/index.js';
import styles from './Audit.module.css';

export const StateTree = ({ value, label }: { readonly value: unknown; readonly label: string }) => {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const rows = useMemo(() => flattenTree(value, open), [value, open]);
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <ul className={styles.tree} aria-label={label} data-testid="audit-tree">
      {rows.map((row) => (
        <li key={row.id} className={styles.treeRow} style={{ paddingInlineStart: `${row.depth * 1.1}rem` }}>
          {row.children === null ? (
            <span className={styles.leaf}>
              <span className={styles.key}>{row.key}</span>
              <bdi className={styles.value}>{row.text}</bdi>
            </span>
          ) : (
            <button
              type="button"
              className={styles.branch}
              aria-expanded={row.open}
              onClick={() => toggle(row.id)}
              data-testid={`audit-node-${row.id}`}
            >
              <span aria-hidden="true" className={styles.caret}>
                {row.open ? '▾' : '▸'}
              </span>
              <span className={styles.key}>{row.key}</span>
              {!row.open && <bdi className={styles.summary}>{row.text}</bdi>}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
};
