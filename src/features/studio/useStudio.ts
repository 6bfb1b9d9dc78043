/** The studio screens' reads: memoised selectors over the studio, tasks, uploads and audio states. */
import { createSelector } from '../../../domain/kernel/memo.js';
import { useMemo } from 'react';
import { audio, editor, session, studio, tasks, uploads, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';
import { uploadFileView, type UploadFileView } from '../uploads';

export const useResource = <K extends studio.StudioResourceKind>(key: string, kind: K) =>
  useAppSelector((s) => studio.selectResource(s.studio, key, kind));

/** Where the Try of a workflow card of the square stands (idle, waiting for the sign-in, copying). */
export const useWorkflowTry = (itemId: string) =>
  useAppSelector((s) => studio.selectWorkflowTry(s.studio, itemId));

export const useRunId = (key: string) => useAppSelector((s) => studio.selectRun(s.studio, key));

/** The task a screen started (a workflow run, an app's Try), as the queue shows it. */
export const useRunTask = (key: string) => {
  const id = useRunId(key);
  return useAppSelector((s) => (id === null ? null : (s.tasks.byId[id] ?? null)));
};

const taskViews = new WeakMap<tasks.Task, tasks.TaskView>();
export const viewOfTask = (task: tasks.Task): tasks.TaskView => {
  const known = taskViews.get(task);
  if (known) return known;
  const view = tasks.taskView(task);
  taskViews.set(task, view);
  return view;
};

const selectWorks = createSelector([(s: RootState) => s.tasks], (t) => studio.selectWorks(t));
export const useWorks = () => useAppSelector(selectWorks);

export const usePalette = (url: string | null) =>
  useAppSelector((s) => (url === null ? null : studio.selectPalette(s.studio, url)));

/** One slot's newest upload, as the uploaders' file rows show it. */
export type SlotUpload = UploadFileView;

/** The newest upload of each slot whose name starts with `prefix`, in the order the slots were first used. */
export const useSlotUploads = (prefix: string): readonly SlotUpload[] => {
  const select = useMemo(
    () =>
      createSelector([(s: RootState) => s.uploads], (u) => {
        const latest = new Map<string, uploads.Upload>();
        for (const up of uploads.selectUploadList(u))
          if (up.field.startsWith(prefix) && !latest.has(up.field)) latest.set(up.field, up);
        return [...latest.values()]
          .sort((a, b) => a.startedAt - b.startedAt || a.field.localeCompare(b.field))
          .map((up): SlotUpload => uploadFileView(u, up));
      }),
    [prefix],
  );
  return useAppSelector(select);
};

// ---- the audio stream

const selectPeaks = createSelector([(s: RootState) => s.audio], (a): readonly number[] => {
  if (a.status === 'idle') return [];
  return peaksOf(a.chunks);
});

const peakCache = new Map<string, number>();
/** One bar per chunk: its peak (chunks are immutable strings, so each is decoded once). */
const peaksOf = (chunks: readonly string[]): readonly number[] => {
  const first = chunks[0] === undefined ? null : audio.decodeBase64(chunks[0]);
  const format = first === null ? null : audio.parseWavHeader(first);
  if (format === null) return [];
  let offset = 0;
  return chunks.map((c) => {
    const at = offset;
    const cacheKey = `${at}:${c.length}:${c.slice(0, 24)}:${c.slice(-24)}`;
    const bytes = audio.decodeBase64(c);
    offset += bytes?.length ?? 0;
    const known = peakCache.get(cacheKey);
    if (known !== undefined) return known;
    const peak = bytes === null ? 0 : audio.chunkPeak(bytes, at, format);
    if (peakCache.size > 5000) peakCache.clear();
    peakCache.set(cacheKey, peak);
    return peak;
  });
};

export const useStreamStatus = () => useAppSelector((s) => audio.selectAudioStatus(s.audio));
export const useStreamError = () => useAppSelector((s) => audio.selectAudioErrorKey(s.audio));
export const useStreamPeaks = () => useAppSelector(selectPeaks);
export const usePlayback = () => useAppSelector((s) => studio.selectPlayback(s.studio));
export const useStreamId = () => useAppSelector((s) => (s.audio.status === 'idle' ? null : s.audio.streamId));

// ---- the video editor

export const useEditorState = () => useAppSelector((s) => s.editor);
export const useProjectTitle = () => useAppSelector((s) => editor.selectProjectTitle(s.editor));
export const useIsSaving = () => useAppSelector((s) => editor.selectIsSaving(s.editor));
export const useSaveFailed = () => useAppSelector((s) => editor.selectSaveFailed(s.editor));
/** The frame sheet of a GIF clip (or its failure), null until decoded. */
export const useGifSheet = (url: string) => useAppSelector((s) => studio.selectGifSheet(s.studio, url));
export const useIsGuest = () => useAppSelector((s) => session.selectIsGuest(s.session));
export const useProjectRows = () => useAppSelector((s) => editor.selectProjectRows(s.editorProjects));
export const useProjectsStatus = () => useAppSelector((s) => editor.selectProjectsStatus(s.editorProjects));
