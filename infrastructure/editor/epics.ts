/**
 * The video editor's I/O (spec §4, §7, §8). Opening: the project id comes from the project_id
 * query, else the project open in the store, else a new project is created and the query is
 * updated in place (`editor.resolveProjectId`); a query naming a project that is gone (10404)
 * opens a new one the same way. Saving: every change to clips, audio or the
 * canvas ratio (`editor.requestsSave`) restarts a 1 s debounce; when it fires, the state's save
 * request is sent. Saves go out one after another in order (never cancelled), so a later save
 * always lands after an earlier one, and the reducer's revisions make sure an answer for an old
 * revision never marks newer changes as saved. Opening another project or closing the editor
 * sends a pending save at once instead of dropping it. 10404 is the editor's own 'saveFailed'
 * notice; other failures go through the error map. A GIF clip's frames are decoded once per
 * address into the sheet its preview draws them from; a GIF that cannot be is remembered as such.
 * A sheet is let go (its image revoked) once no clip of the open project shows it: a clip
 * removed, the project closed or another one opened; every sheet goes at sign-out.
 */
import * as E from 'fp-ts/Either';
import {
  EMPTY,
  concat,
  catchError,
  concatMap,
  debounce,
  distinctUntilChanged,
  exhaustMap,
  filter,
  groupBy,
  ignoreElements,
  map,
  merge,
  mergeMap,
  of,
  pairwise,
  race,
  switchMap,
  takeUntil,
  tap,
  timer,
  type Observable,
} from 'rxjs';
import { editor, studio } from '../../domain/index.js';
import type { EditorProject } from '../contract/platform';
import type { ApiFailure } from '../http/client';
import { reportApiFailure } from '../notices/commands';
import type { Action, AppEpic } from '../epics/types';
import {
  changeAspectRatio,
  changeAudios,
  changeStoryboards,
  closeEditor,
  deleteListedProject,
  duplicateListedProject,
  loadGifSheet,
  loadProjects,
  renameListedProject,
  openEditor,
  renameProject,
} from './commands';
import { toast } from '../notices/toast';

export const toProjectOpened = (p: EditorProject) =>
  editor.projectOpened({
    project: {
      workspace_id: p.workspace_id,
      canvas: { aspect_ratio: p.canvas.aspect_ratio },
      id: p.id,
      title: p.workspace_name === '' ? null : p.workspace_name,
    },
    audios: p.editor_info.audios,
    storyboards: p.editor_info.storyboards,
  });

export const openEditorEpic: AppEpic = (action$, state$, { platform }) =>
  action$.pipe(
    filter(openEditor.match),
    switchMap(({ payload }): Observable<Action> => {
      const createProject = (query: editor.RouteQuery): Observable<Action> =>
        platform.api.editorCreate({ cover: '', workspace_name: '' }).pipe(
          map((r) => {
            if (E.isLeft(r)) return reportApiFailure({ failure: r.left });
            platform.replaceQuery(editor.queryWithProjectId(query, r.right.project.id));
            return toProjectOpened(r.right.project);
          }),
        );
      const open = state$.value.editor;
      const current = open.status === 'open' ? open.project.id : null;
      const resolution = editor.resolveProjectId(payload.query, current);
      switch (resolution.source) {
        case 'query':
          if (resolution.projectId === current) return EMPTY;
          return platform.api.editorDetail({ id: resolution.projectId }).pipe(
            mergeMap((r) => {
              if (E.isRight(r)) return of(toProjectOpened(r.right.project));
              // A project that is gone (or not ours) opens a new one rather than an empty page.
              return r.left.kind === 'api' && r.left.code === editor.EDITOR_SAVE_NOT_FOUND_CODE
                ? createProject(payload.query)
                : of(reportApiFailure({ failure: r.left }));
            }),
          );
        case 'store':
          platform.replaceQuery(resolution.query);
          return EMPTY;
        case 'new':
          return createProject(payload.query);
      }
    }),
  );

/** Edits arrive as commands from the views and are recorded as the editor's events. */
export const editCommandsEpic: AppEpic = (action$) =>
  action$.pipe(
    mergeMap((a): Action[] => {
      if (changeStoryboards.match(a))
        return [editor.storyboardsChanged({ storyboards: a.payload.storyboards })];
      if (changeAudios.match(a)) return [editor.audiosChanged({ audios: a.payload.audios })];
      if (changeAspectRatio.match(a))
        return [editor.aspectRatioChanged({ aspectRatio: a.payload.aspectRatio })];
      if (renameProject.match(a)) return [editor.titleChanged({ title: a.payload.title })];
      if (closeEditor.match(a)) return [editor.projectClosed({})];
      return [];
    }),
  );

const failureCode = (f: ApiFailure): number => (f.kind === 'api' ? f.code : f.kind === 'http' ? f.status : 0);

export const saveEditorEpic: AppEpic = (action$, state$, { platform, scheduler, ids }) => {
  const leaving$ = action$.pipe(
    filter((a) => editor.projectOpened.match(a) || editor.projectClosed.match(a)),
  );
  const save = (request: editor.SaveRequest): Observable<Action> => {
    const { projectId, revision } = request;
    const open = state$.value.editor;
    // Saved meanwhile (or this very revision is already in flight): nothing new to send.
    if (open.status === 'open' && open.project.id === projectId && revision <= open.savedRevision)
      return EMPTY;
    return concat(
      of(editor.saveStarted({ projectId, revision })),
      platform.api.editorSave(request.body).pipe(
        mergeMap((r): Action[] => {
          if (E.isRight(r)) return [editor.saveSucceeded({ projectId, revision })];
          const code = failureCode(r.left);
          const failed = editor.saveFailed({ projectId, revision, code });
          const key = editor.saveFailureMessageKey(code);
          return key === null
            ? [failed, reportApiFailure({ failure: r.left })]
            : [failed, toast(ids, 'error', key)];
        }),
      ),
    );
  };
  return action$.pipe(
    filter(editor.requestsSave),
    // The request as of this change: if the project is left before the debounce fires, this is
    // still what must be saved.
    map(() => editor.selectSaveRequest(state$.value.editor)),
    debounce(() => race(timer(editor.EDITOR_SAVE_DEBOUNCE_MS, scheduler), leaving$)),
    filter((r): r is editor.SaveRequest => r !== null),
    concatMap(save),
  );
};

/**
 * The frames of a GIF clip, decoded once per address (two asks at once share one decoding). A
 * decoding under way at sign-out is abandoned with everything it made.
 */
export const gifSheetEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(loadGifSheet.match),
    filter(({ payload }) => studio.selectGifSheet(state$.value.studio, payload.url) === null),
    groupBy(({ payload }) => payload.url),
    mergeMap((byUrl$) =>
      byUrl$.pipe(
        exhaustMap(({ payload: { url } }) =>
          deps.studio.gifSheets.load(url).pipe(
            map((sheet): Action => studio.gifSheetReady({ url, sheet })),
            catchError(() => of<Action>(studio.gifSheetFailed({ url }))),
            takeUntil(action$.pipe(filter(studio.studioCleared.match))),
          ),
        ),
      ),
    ),
  );

/** The clips of the open project, none when no project is open. */
const openClips = (s: editor.EditorState): readonly editor.StoryboardItem[] =>
  s.status === 'open' ? s.storyboards : [];

/**
 * Nothing a GIF sheet holds outlives its use: after a change of the open project's clips, a
 * project opened or closed, or a sheet arriving for a clip removed meanwhile, the sheets no clip
 * shows are let go (`studio.selectUnusedGifSheets`); at sign-out (the studio cleared) all of them.
 */
export const releaseGifSheetsEpic: AppEpic = (action$, state$, deps) =>
  merge(
    action$.pipe(
      filter(
        (a) =>
          editor.storyboardsChanged.match(a) ||
          editor.projectOpened.match(a) ||
          editor.projectClosed.match(a) ||
          studio.gifSheetReady.match(a),
      ),
      map(() => studio.selectUnusedGifSheets(state$.value.studio, openClips(state$.value.editor))),
      filter((urls) => urls.length > 0),
      tap((urls) => deps.studio.gifSheets.release(urls)),
      map((urls): Action => studio.gifSheetsReleased({ urls })),
    ),
    action$.pipe(
      filter(studio.studioCleared.match),
      tap(() => deps.studio.gifSheets.releaseAll()),
      ignoreElements(),
    ),
  );

/**
 * A GIF clip added at the image length takes its own length once its frames are known: when they
 * arrive, or at once for a clip added after they had (a GIF added a second time).
 */
export const gifClipLengthEpic: AppEpic = (action$, state$) => {
  const sheetArrived$ = action$.pipe(
    filter(studio.gifSheetReady.match),
    mergeMap(({ payload: { url, sheet } }) => {
      const s = state$.value.editor;
      if (s.status !== 'open') return EMPTY;
      const next = editor.withGifLength(s.storyboards, url, editor.gifDurationSeconds(sheet.timing));
      return next === null ? EMPTY : of<Action>(editor.storyboardsChanged({ storyboards: next }));
    }),
  );
  const clipAdded$ = state$.pipe(
    map((s) => (s.editor.status === 'open' ? s.editor.storyboards : null)),
    distinctUntilChanged(),
    pairwise(),
    mergeMap(([before, after]) => {
      if (before === null || after === null) return EMPTY;
      const known = new Set(before.map((c) => c.id));
      const added = after.filter((c) => !known.has(c.id) && editor.isGifUrl(c.url));
      let next: readonly editor.StoryboardItem[] = after;
      for (const clip of added) {
        const gif = studio.selectGifSheet(state$.value.studio, clip.url);
        if (gif?.status !== 'ready') continue;
        const seconds = editor.gifDurationSeconds(gif.sheet.timing);
        next = editor.withGifLength(next, clip.url, seconds, new Set([clip.id])) ?? next;
      }
      return next === after ? EMPTY : of<Action>(editor.storyboardsChanged({ storyboards: next }));
    }),
  );
  return merge(sheetArrived$, clipAdded$);
};

const summaryOf = (p: EditorProject): editor.ProjectSummary => ({
  id: p.id,
  title: p.workspace_name,
  cover: p.cover,
  aspect_ratio: p.canvas.aspect_ratio,
  updated_at: p.updated_at,
});

/**
 * "My projects" (issue 21): the list loaded (a new ask replaces one under way), and each rename,
 * duplicate and delete sent one after another in the order asked. Renaming the open project
 * renames it on screen too; deleting it closes it and opens a new one (the query updated in
 * place, as when the editor opens without a project_id). A failure goes through the error map and leaves the list as it was.
 */
export const editorProjectsEpic: AppEpic = (action$, state$, { platform }) => {
  const openId = (): string | null => {
    const s = state$.value.editor;
    return s.status === 'open' ? s.project.id : null;
  };
  const failed = (failure: ApiFailure): Action => reportApiFailure({ failure });
  const list$ = action$.pipe(
    filter(loadProjects.match),
    switchMap(() =>
      concat(
        of<Action>(editor.projectsRequested({})),
        platform.api.editorList().pipe(
          mergeMap((r): Action[] =>
            E.isRight(r)
              ? [editor.projectsLoaded({ projects: r.right.projects })]
              : [editor.projectsFailed({}), failed(r.left)],
          ),
          catchError(() => of<Action>(editor.projectsFailed({}))),
        ),
      ),
    ),
  );
  const changes$ = action$.pipe(
    filter(
      (a) => renameListedProject.match(a) || duplicateListedProject.match(a) || deleteListedProject.match(a),
    ),
    concatMap((a): Observable<Action> => {
      if (renameListedProject.match(a)) {
        const title = editor.validProjectTitle(a.payload.title);
        if (title === null) return EMPTY;
        return platform.api.editorRename({ id: a.payload.id, title }).pipe(
          mergeMap((r): Action[] => {
            if (E.isLeft(r)) return [failed(r.left)];
            const project = r.right.project;
            return openId() === project.id
              ? [editor.projectRenamed({ project }), editor.titleChanged({ title: project.title })]
              : [editor.projectRenamed({ project })];
          }),
          catchError(() => EMPTY),
        );
      }
      if (duplicateListedProject.match(a))
        return platform.api.editorDuplicate({ id: a.payload.id }).pipe(
          map((r): Action =>
            E.isRight(r) ? editor.projectDuplicated({ project: summaryOf(r.right.project) }) : failed(r.left),
          ),
          catchError(() => EMPTY),
        );
      const { id } = a.payload as { readonly id: string };
      return platform.api.editorDelete({ id }).pipe(
        mergeMap((r): Action[] => {
          if (E.isLeft(r)) return [failed(r.left)];
          if (openId() !== id) return [editor.projectDeleted({ id })];
          return [editor.projectDeleted({ id }), editor.projectClosed({}), openEditor({ query: {} })];
        }),
        catchError(() => EMPTY),
      );
    }),
  );
  return merge(list$, changes$);
};

export const editorEpics: readonly AppEpic[] = [
  editorProjectsEpic,
  openEditorEpic,
  editCommandsEpic,
  saveEditorEpic,
  gifSheetEpic,
  gifClipLengthEpic,
  releaseGifSheetsEpic,
];
