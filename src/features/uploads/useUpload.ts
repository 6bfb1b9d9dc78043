import { createSelector } from '@reduxjs/toolkit';
import { uploads, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

const selectList = createSelector([(s: RootState) => s.uploads], (u) => uploads.selectUploadList(u));

/** The newest upload of a form field, its progress (0..1) and whether it is still running. */
export const useFieldUpload = (field: string) => {
  const latest = useAppSelector((s) => selectList(s).find((u) => u.field === field)) ?? null;
  const progress = useAppSelector((s) => (latest ? uploads.selectUploadProgress(s.uploads, latest.id) : 0));
  return { latest, progress, running: latest !== null && uploads.isRunning(latest.phase) };
};
