import { useState, type ChangeEvent, type DragEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Card, visuallyHiddenClass } from '../../ui';
import styles from './Audit.module.css';
import { LoadStatus } from './LoadStatus';
import type { AuditLoad } from './useAudit';

/** The page's first card: pick an exported event log or drop it here, and how its opening goes. */
export const LogPicker = ({
  load,
  onOpen,
}: {
  readonly load: AuditLoad;
  readonly onOpen: (file: File) => void;
}) => {
  const [dragging, setDragging] = useState(false);
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) onOpen(file);
    e.target.value = '';
  };
  const onDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) onOpen(file);
  };
  return (
    <Card padding="lg" className={styles.card} role="region" aria-labelledby="audit-title">
      <h1 id="audit-title" className={styles.title}>
        <FormattedMessage id="audit.title" />
      </h1>
      <p className={styles.lead}>
        <FormattedMessage id="audit.lead" />
      </p>
      <label
        className={dragging ? `${styles.drop} ${styles.dropActive}` : styles.drop}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="audit-drop"
      >
        <span className={styles.dropText}>
          <FormattedMessage id="audit.pick" />
        </span>
        <span className={styles.muted}>
          <FormattedMessage id="audit.drop" />
        </span>
        <input
          type="file"
          accept=".jsonl,.ndjson,.log,.txt,application/x-ndjson,text/plain"
          onChange={onFile}
          className={visuallyHiddenClass}
          data-testid="audit-file"
        />
      </label>
      <LoadStatus load={load} />
    </Card>
  );
};
