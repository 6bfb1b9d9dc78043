import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { uploads } from '../../domain/index.js';
import { fileHandle } from '../../infrastructure/uploads/browser';
import { cancelUpload, resumeUpload } from '../../infrastructure/uploads/commands';
import { useAppDispatch, useAppSelector } from '../../infrastructure/store/hooks';
import { ProgressBar } from './ProgressBar';

/**
 * One upload slot (spec §4 Upload): pick a file, watch its chunks go up, cancel; a file picked
 * again after a reload resumes from the first chunk the server has not confirmed.
 */
export const Uploader = ({ field, accept, labelId }: { field: string; accept: string; labelId: string }) => {
  const intl = useIntl();
  const id = useId();
  const dispatch = useAppDispatch();
  const latest = useAppSelector((s) => uploads.selectUploadList(s.uploads).find((u) => u.field === field));
  const progress = useAppSelector((s) => (latest ? uploads.selectUploadProgress(s.uploads, latest.id) : 0));
  const running =
    latest !== undefined && (latest.phase.status === 'init' || latest.phase.status === 'pending');
  return (
    <div className="uploader" data-testid={`uploader-${field}`}>
      <p className="field-label" id={`${id}-label`}>
        <FormattedMessage id={labelId} />
      </p>
      <div className="uploader-row">
        {/* The native picker's own texts are in the browser's language: a translated button stands in for it. */}
        <input
          id={id}
          className="visually-hidden file-input"
          type="file"
          accept={accept}
          disabled={running}
          aria-labelledby={`${id}-label ${id}-pick`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) dispatch(resumeUpload({ field, file: fileHandle(file) }));
            e.target.value = '';
          }}
        />
        <label
          htmlFor={id}
          id={`${id}-pick`}
          className={`file-button${running ? ' disabled' : ''}`}
          data-testid={`pick-${field}`}
        >
          <FormattedMessage id="upload.choose" />
        </label>
        {!latest && (
          <span className="muted small">
            <FormattedMessage id="upload.none" />
          </span>
        )}
        {running && (
          <button type="button" className="ghost" onClick={() => dispatch(cancelUpload({ field }))}>
            <FormattedMessage id="upload.cancel" />
          </button>
        )}
      </div>
      {latest && (
        <div className="uploader-status" aria-live="polite">
          {latest.phase.status === 'complete' && latest.file.kind === 'image' && (
            <img
              className="upload-thumb"
              src={latest.phase.url}
              alt={intl.formatMessage({ id: 'upload.preview' }, { name: latest.file.name })}
              data-testid={`thumb-${field}`}
            />
          )}
          <span className="muted small">{latest.file.name}</span>
          {running && (
            <ProgressBar
              value={progress * 100}
              label={intl.formatMessage({ id: 'upload.progress' }, { name: latest.file.name })}
            />
          )}
          {latest.phase.status === 'complete' && (
            <span className="badge completed" data-testid="upload-done">
              <FormattedMessage id="upload.done" />
            </span>
          )}
          {(latest.phase.status === 'fail' || latest.phase.status === 'error') && (
            <span className="field-error" role="alert">
              {intl.messages[latest.phase.messageKey] !== undefined ? (
                <FormattedMessage id={latest.phase.messageKey} />
              ) : (
                <FormattedMessage id="uploadError" />
              )}
            </span>
          )}
        </div>
      )}
    </div>
  );
};
