/**
 * What a reload finds of a run (issue 13): the kept file, one step after another, a failed one
 * costing only the keeping; and the slot's resumable record, brought up to date as chunks are
 * confirmed and forgotten when the upload no longer needs it.
 */
import { uploads } from '../../../domain/index.js';
import type { UploadFileHandle } from '../deps';
import { clearResume, identityOf, readAllResume, writeResume } from '../records';
import type { UploadRun } from './context';

const keepStep = (run: UploadRun, step: () => PromiseLike<unknown>) => {
  run.keeping = run.keeping.then(step).then(undefined, () => undefined);
};

/** Kept files no remembered upload needs, and the oldest past the byte limit, go. */
const keepInStep = (run: UploadRun) =>
  keepStep(run, () =>
    run.up.keptFiles.list().then((kept) => {
      const live = new Set(readAllResume(run.up.storage).map((r) => r.fileId));
      const drop = uploads.keptFilesToDrop(kept, live);
      return drop.length === 0 ? undefined : run.up.keptFiles.remove(drop);
    }),
  );

export const keepFile = (run: UploadRun, key: string, source: UploadFileHandle) => {
  if (!uploads.mayKeepFile(source.size)) return;
  keepStep(run, () => run.up.keptFiles.put(key, source, run.deps.clock.now()));
  keepInStep(run);
};

export const forget = (run: UploadRun) => {
  const gone = [
    ...clearResume(run.up.storage, identityOf(run.file)),
    ...(run.record ? [run.record.fileId] : []),
  ];
  run.record = null;
  if (gone.length > 0) keepStep(run, () => run.up.keptFiles.remove([...new Set(gone)]));
};

/** The record notes the chunks confirmed so far. */
export const saveProgress = (run: UploadRun) => {
  const phase = run.model.pending();
  if (run.record === null || phase === null) return;
  run.record = {
    ...run.record,
    confirmed: phase.chunks.filter((c) => c.status === 'confirmed').map((c) => c.index),
  };
  writeResume(run.up.storage, run.record, run.deps.clock.now());
};
