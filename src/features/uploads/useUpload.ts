import { createSelector } from '../../../domain/kernel/memo.js';
import { useMemo } from 'react';
import { uploads, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

const selectList = createSelector([(s: RootState) => s.uploads], (u) => uploads.selectUploadList(u));

/** The newest upload of a form field, its progress (0..1) and whether it is still running. */
export const useFieldUpload = (field: string) => {
  const latest = useAppSelector((s) => selectList(s).find((u) => u.field === field)) ?? null;
  const progress = useAppSelector((s) => (latest ? uploads.selectUploadProgress(s.uploads, latest.id) : 0));
  return { latest, progress, running: latest !== null && uploads.isRunning(latest.phase) };
};

export interface UploadFileView {
  readonly id: string;
  readonly field: string;
  readonly name: string;
  readonly size: number;
  readonly kind: uploads.UploadKind;
  readonly status: uploads.UploadStatus;
  /** 0..1 of the bytes the server confirmed. */
  readonly progress: number;
  readonly url: string | null;
  /** The stored image's width in px, when the upload knows it (its thumbnail's variants stop there). */
  readonly width: number | null;
  readonly messageKey: string | null;
  /** Issue 13: it went on by itself after a reload, or waits for its file to be picked again. */
  readonly afterReload: 'resumed' | 'pickAgain' | null;
}

/** What a file row shows of one upload (the uploader's rows, and lists of slots that pick files their own way). */
export const uploadFileView = (s: uploads.UploadsState, u: uploads.Upload): UploadFileView => ({
  id: u.id,
  field: u.field,
  name: u.file.name,
  size: u.file.size,
  kind: u.file.kind,
  status: u.phase.status,
  progress: uploads.selectUploadProgress(s, u.id),
  url: u.phase.status === 'complete' ? u.phase.url : null,
  width: u.phase.status === 'complete' ? u.phase.width : null,
  messageKey: u.phase.status === 'fail' || u.phase.status === 'error' ? u.phase.messageKey : null,
  afterReload: u.afterReload?.kind ?? null,
});

/**
 * The files of an uploader (a slot group): each with its progress, newest first; with one
 * file allowed only the newest counts. `urls` are the finished files in the order added.
 */
export const useUploadGroup = (group: string, max: number) => {
  const select = useMemo(
    () =>
      createSelector([(s: RootState) => s.uploads], (u) => {
        const all = uploads.selectFieldGroup(u, group);
        const shown = max <= 1 ? all.slice(0, 1) : all.slice(0, max);
        const files = shown.map((x) => uploadFileView(u, x));
        return {
          files,
          urls: [...files].reverse().flatMap((f) => (f.url === null ? [] : [f.url])),
          nextSlot: uploads.nextSlotOf(u, group, max),
          running: files.some((f) => f.status === 'init' || f.status === 'pending'),
        };
      }),
    [group, max],
  );
  return useAppSelector(select);
};
