/**
 * The studio screens' I/O. Every load records `resourceRequested`, then what the server said:
 * loaded, missing (10404: the screen's not-found state, no toast) or failed (the error map speaks).
 * A training is followed every 3 s (spec §9 polling) until it ends, then its result is read. A
 * workflow run saves the form's values into the workflow first (only when they changed), then
 * creates its task; an app or template's Try creates a text-to-image task from its recipe; both
 * record which task the screen started (`runStarted`), and the queue's polling does the rest.
 * Colour extraction reads the image's pixels (at most 300 px, spec §9) and clusters them in the
 * domain. Try on a workflow card of the square copies it into the person's workflows (one request
 * at a time per card) and opens the copy; a guest's try opens the login dialog and is carried out
 * after the sign-in, or forgotten when the dialog closes without one. Sign-out clears everything
 * of the account.
 */
import * as E from 'fp-ts/Either';
import {
  EMPTY,
  concat,
  defer,
  exhaustMap,
  filter,
  groupBy,
  map,
  mergeMap,
  of,
  switchMap,
  takeUntil,
  takeWhile,
  timer,
  catchError,
  type Observable,
} from 'rxjs';
import { audio, notices, session, studio, tasks } from '../../domain/index.js';
import { ComfyGraph, TrainBaseModel, TrainType } from '../contract/creation';
import type { ItemDetail } from '../contract/feed';
import { downloadImage } from '../downloads/commands';
import { guestMode } from '../epics/mappers';
import type { Action, AppEpic } from '../epics/types';
import type { ApiFailure, ApiResult } from '../http/client';
import { reportApiFailure } from '../notices/commands';
import type { Dependencies } from '../store/dependencies';
import { createWithCaptcha } from '../tasks/captcha';
import { createdActions } from '../tasks/mappers';
import {
  createVoice,
  downloadStreamAudio,
  downloadTraining,
  extractPalette,
  importWorkflow,
  loadEbookChapter,
  loadSquareItem,
  loadTrainingConfig,
  loadTrainingHistory,
  loadWorkflow,
  loadWorkflows,
  publishTraining,
  runWorkflow,
  startTraining,
  stopTraining,
  tryRecipe,
  tryWorkflow,
  watchTraining,
} from './commands';
import { toast, loginDialog } from '../notices/toast';

const NOT_FOUND = 10404;

const codeOf = (f: ApiFailure): number => (f.kind === 'api' ? f.code : f.kind === 'http' ? f.status : 0);

const notice = (deps: Pick<Dependencies, 'ids'>, level: 'success' | 'error', messageKey: string): Action =>
  toast(deps.ids, level, messageKey);

/** One load: requested, then loaded / missing / failed (reported to the error map). */
export const loadResource = <A>(
  key: string,
  call$: Observable<ApiResult<A>>,
  toValue: (a: A) => studio.StudioResource,
  after: (a: A) => readonly Action[] = () => [],
): Observable<Action> =>
  concat(
    of(studio.resourceRequested({ key })),
    call$.pipe(
      mergeMap((r): Action[] => {
        if (E.isRight(r)) return [studio.resourceLoaded({ key, value: toValue(r.right) }), ...after(r.right)];
        const code = codeOf(r.left);
        if (code === NOT_FOUND) return [studio.resourceMissing({ key })];
        return [studio.resourceFailed({ key, code }), reportApiFailure({ failure: r.left })];
      }),
    ),
  );

const squareItemOf = (d: ItemDetail): studio.SquareItem => ({
  id: d.id,
  card_type: d.card_type,
  title: d.title,
  description: d.description,
  cover: d.cover,
  author: { id: d.author.id, name: d.author.name, avatar: d.author.avatar },
  tags: d.tags.map((t) => ({ id: t.id, title: t.name })),
  ...(d.chapters === undefined ? {} : { chapters: d.chapters }),
  ...(d.nodes_type === undefined ? {} : { nodes_type: d.nodes_type }),
  ...(d.run_available === undefined ? {} : { run_available: d.run_available }),
});

// ---- LoRA training -------------------------------------------------------------------------

export const trainingLoadEpic: AppEpic = (action$, _state$, { studio: s }) =>
  action$.pipe(
    filter((a) => loadTrainingConfig.match(a) || loadTrainingHistory.match(a)),
    mergeMap((a): Observable<Action> => {
      if (loadTrainingConfig.match(a))
        return loadResource(
          studio.studioKey.trainingConfig(),
          s.api.trainingConfig(),
          (config) => ({ kind: 'trainingConfig', config }),
          // A training already running (from another tab or before a reload) is followed at once.
          (config) => (config.training === null ? [] : [watchTraining({ id: config.training })]),
        );
      return loadResource(
        studio.studioKey.trainingHistory(),
        s.api.trainingHistory({ page: 1, page_size: 20 }),
        (h) => ({ kind: 'trainingHistory', items: h.items }),
      );
    }),
  );

export const startTrainingEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(startTraining.match),
    exhaustMap(({ payload }) => {
      const problems = studio.trainingProblems({
        name: payload.name,
        images: payload.images,
        triggerWord: payload.triggerWord,
        tags: payload.tags,
        steps: payload.steps,
      });
      if (problems.length > 0 || !TrainBaseModel.is(payload.baseModel) || !TrainType.is(payload.trainType))
        return EMPTY;
      const { baseModel, trainType } = payload;
      const trigger = payload.triggerWord.trim();
      return deps.studio.api
        .trainingCreate({
          name: payload.name.trim(),
          base_model: baseModel,
          train_type: trainType,
          images: [...new Set(payload.images)],
          steps: payload.steps,
          ...(trigger === '' ? {} : { trigger_word: trigger }),
          ...(payload.tags.length === 0 ? {} : { tags: [...payload.tags] }),
        })
        .pipe(
          mergeMap((r): Action[] => {
            if (E.isLeft(r)) return [reportApiFailure({ failure: r.left })];
            const { record } = r.right;
            return [
              studio.resourceLoaded({
                key: studio.studioKey.training(record.id),
                value: { kind: 'training', record },
              }),
              studio.runStarted({ key: 'lora', id: record.id }),
              watchTraining({ id: record.id }),
              loadTrainingConfig({}),
            ];
          }),
        );
    }),
  );

/** Follows one training every 3 s until it ends; then its result. A newer watch replaces it. */
export const watchTrainingEpic: AppEpic = (action$, _state$, { studio: s, scheduler }) =>
  action$.pipe(
    filter(watchTraining.match),
    switchMap(({ payload: { id } }) => {
      const key = studio.studioKey.training(id);
      const result$ = defer(() =>
        loadResource(studio.studioKey.trainingResult(id), s.api.trainingResult({ id }), (result) => ({
          kind: 'trainingResult',
          result,
        })),
      );
      return concat(
        of<Action>(studio.runStarted({ key: 'lora', id })),
        timer(0, studio.TRAINING_POLL_MS, scheduler).pipe(
          exhaustMap(() =>
            loadResource(key, s.api.trainingDetail({ id }), (x) => ({ kind: 'training', record: x.record })),
          ),
          takeWhile(
            (a) =>
              !(
                studio.resourceLoaded.match(a) &&
                a.payload.value.kind === 'training' &&
                !studio.isTrainingRunning(a.payload.value.record.status)
              ) &&
              !studio.resourceMissing.match(a) &&
              !studio.resourceFailed.match(a),
            true,
          ),
        ),
      ).pipe(
        // Only a training that finished has a result.
        mergeMap((a) =>
          studio.resourceLoaded.match(a) &&
          a.payload.value.kind === 'training' &&
          studio.trainingPhaseOf(a.payload.value.record.status) === 'done'
            ? concat(of(a), result$)
            : of(a),
        ),
        takeUntil(action$.pipe(filter(studio.studioCleared.match))),
      );
    }),
  );

export const trainingActionsEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter((a) => stopTraining.match(a) || publishTraining.match(a) || downloadTraining.match(a)),
    mergeMap((a): Observable<Action> => {
      const api = deps.studio.api;
      if (stopTraining.match(a))
        return api.trainingStop({ id: a.payload.id }).pipe(
          map((r) =>
            E.isRight(r)
              ? studio.resourceLoaded({
                  key: studio.studioKey.training(r.right.record.id),
                  value: { kind: 'training', record: r.right.record },
                })
              : reportApiFailure({ failure: r.left }),
          ),
        );
      if (publishTraining.match(a))
        return api
          .trainingPublish({ id: a.payload.id, ...(a.payload.title ? { title: a.payload.title } : {}) })
          .pipe(
            mergeMap((r): Action[] =>
              E.isRight(r)
                ? [
                    studio.resourceLoaded({
                      key: studio.studioKey.training(r.right.record.id),
                      value: { kind: 'training', record: r.right.record },
                    }),
                    notice(deps, 'success', 'lora.published'),
                  ]
                : [reportApiFailure({ failure: r.left })],
            ),
          );
      const { id } = a.payload as { id: string };
      return api
        .trainingDownload({ id })
        .pipe(
          map((r) =>
            E.isRight(r)
              ? downloadImage({ url: r.right.url, scene: 'lora', fileName: r.right.file_name })
              : reportApiFailure({ failure: r.left }),
          ),
        );
    }),
  );

// ---- workflows -----------------------------------------------------------------------------

/** The errors of a workflow file, as message keys: not JSON, or not a ComfyUI API-format graph. */
export const parseWorkflowFile = (
  json: string,
):
  { readonly ok: true; readonly graph: ComfyGraph } | { readonly ok: false; readonly messageKey: string } => {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, messageKey: 'workflows.errors.notJson' };
  }
  // The UI's "save" format wraps the API format under `prompt` in some exports.
  const candidate =
    typeof value === 'object' && value !== null && 'prompt' in value
      ? (value as { prompt: unknown }).prompt
      : value;
  const decoded = ComfyGraph.decode(candidate);
  return E.isRight(decoded)
    ? { ok: true, graph: decoded.right }
    : { ok: false, messageKey: 'workflows.errors.notGraph' };
};

export const workflowEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter((a) => loadWorkflows.match(a) || loadWorkflow.match(a) || importWorkflow.match(a)),
    mergeMap((a): Observable<Action> => {
      const api = deps.studio.api;
      if (loadWorkflows.match(a))
        return loadResource(studio.studioKey.workflowList(), api.workflowList(), (x) => ({
          kind: 'workflowList',
          items: x.items,
        }));
      if (loadWorkflow.match(a))
        return loadResource(
          studio.studioKey.workflow(a.payload.id),
          api.workflowDetail({ id: a.payload.id }),
          (x) => ({
            kind: 'workflow',
            workflow: x.workflow,
            graph: x.graph,
          }),
        );
      const { name, json } = (a as ReturnType<typeof importWorkflow>).payload;
      const parsed = parseWorkflowFile(json);
      if (!parsed.ok) return of(notice(deps, 'error', parsed.messageKey));
      return api
        .workflowImport({ name: name.trim().slice(0, 80) || 'Workflow', workflow: parsed.graph })
        .pipe(
          mergeMap((r): Action[] => {
            if (E.isLeft(r)) return [reportApiFailure({ failure: r.left })];
            const w = r.right.workflow;
            deps.navigate(`/workflows/${encodeURIComponent(w.id)}`);
            return [
              studio.resourceLoaded({
                key: studio.studioKey.workflow(w.id),
                value: { kind: 'workflow', workflow: w, graph: parsed.graph },
              }),
              notice(deps, 'success', 'workflows.imported'),
            ];
          }),
        );
    }),
  );

/** Creates a task and records which screen started it. */
const runTask = (
  deps: Dependencies,
  guest: boolean,
  key: string,
  request: Parameters<Dependencies['api']['createTask']>[0],
): Observable<Action> =>
  createWithCaptcha(deps.api.createTask, deps.captcha)(request, (result) =>
    E.isLeft(result)
      ? [reportApiFailure({ failure: result.left })]
      : [
          ...createdActions(result.right.item, undefined, guest, deps.clock.now()),
          studio.runStarted({ key, id: result.right.item.id }),
        ],
  );

export const runWorkflowEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(runWorkflow.match),
    groupBy((a) => a.payload.id),
    mergeMap((byId$) =>
      byId$.pipe(
        exhaustMap(({ payload: { id, values } }): Observable<Action> => {
          const view = studio.selectResource(state$.value.studio, studio.studioKey.workflow(id), 'workflow');
          if (view.status !== 'loaded') return EMPTY;
          const graph = view.value.graph;
          const run$ = runTask(deps, false, `workflow:${id}`, {
            domain_type: tasks.DOMAIN_TYPE.comfyuiWorkflow as never,
            workflow_id: id,
          });
          if (!studio.workflowValuesChange(graph, values)) return run$;
          const next = studio.applyWorkflowValues(graph, values);
          const decoded = ComfyGraph.decode(next);
          if (E.isLeft(decoded)) return of(notice(deps, 'error', 'workflows.errors.notGraph'));
          return deps.studio.api.workflowUpdate({ id, workflow: decoded.right }).pipe(
            mergeMap((r): Observable<Action> =>
              E.isLeft(r)
                ? of(reportApiFailure({ failure: r.left }))
                : concat(
                    of(
                      studio.resourceLoaded({
                        key: studio.studioKey.workflow(id),
                        value: { kind: 'workflow', workflow: r.right.workflow, graph: next },
                      }),
                    ),
                    run$,
                  ),
            ),
          );
        }),
      ),
    ),
  );

// ---- Try on a workflow card of the square -----------------------------------------------------

export const tryWorkflowEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(tryWorkflow.match),
    mergeMap(({ payload: { itemId } }): Observable<Action> => {
      const decision = studio.decideWorkflowTry(state$.value.session, state$.value.studio.tries[itemId]);
      if (decision === 'wait') return EMPTY;
      if (decision === 'loginDialog') return of(studio.workflowTryDeferred({ itemId }), loginDialog());
      return concat(
        of(studio.workflowCopyRequested({ itemId })),
        deps.studio.api.workflowCopy({ id: itemId }).pipe(
          mergeMap((r): Action[] => {
            if (E.isRight(r)) {
              deps.navigate(`/workflows/${encodeURIComponent(r.right.id)}`);
              return [studio.workflowCopied({ itemId, workflowId: r.right.id })];
            }
            const code = codeOf(r.left);
            const failed = studio.workflowCopyFailed({ itemId, code });
            const effect = studio.workflowTryFailure(code);
            return effect.kind === 'signIn'
              ? [failed, reportApiFailure({ failure: r.left })]
              : [failed, notice(deps, 'error', effect.messageKey)];
          }),
        ),
      );
    }),
  );

/** After the sign-in, the card the guest tried is copied. */
export const replayWorkflowTryEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(session.userInfoSet.match),
    mergeMap((): Action[] => {
      const itemId = studio.workflowTryToReplay(state$.value.studio, state$.value.session);
      return itemId === null ? [] : [tryWorkflow({ itemId })];
    }),
  );

/** The login dialog closed and nobody signed in: the waiting try is forgotten. */
export const dropWorkflowTryEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(notices.dialogClosed.match),
    filter(({ payload }) => payload.name === 'login'),
    filter(
      () =>
        state$.value.session.status !== 'signedIn' &&
        Object.values(state$.value.studio.tries).some((t) => t.status === 'awaitingLogin'),
    ),
    map(() => studio.workflowTryDropped({})),
  );

// ---- square items and the e-book reader ------------------------------------------------------

export const squareItemEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter((a) => loadSquareItem.match(a) || loadEbookChapter.match(a) || tryRecipe.match(a)),
    mergeMap((a): Observable<Action> => {
      const api = deps.studio.api;
      if (loadSquareItem.match(a))
        return loadResource(
          studio.studioKey.squareItem(a.payload.id),
          api.itemDetail({ id: a.payload.id }),
          (d) => ({
            kind: 'squareItem',
            item: squareItemOf(d),
          }),
        );
      if (loadEbookChapter.match(a)) {
        const { id, chapter } = a.payload;
        return loadResource(
          studio.studioKey.ebookChapter(id, chapter),
          api.ebookChapter({ id, chapter }),
          (c) => ({
            kind: 'ebookChapter',
            chapter: c,
          }),
        );
      }
      const { itemId, subject } = (a as ReturnType<typeof tryRecipe>).payload;
      const view = studio.selectResource(
        state$.value.studio,
        studio.studioKey.squareItem(itemId),
        'squareItem',
      );
      if (view.status !== 'loaded') return EMPTY;
      const item = view.value.item;
      const guest = state$.value.session.status === 'guest';
      return runTask(deps, guest, `recipe:${itemId}`, {
        domain_type: tasks.DOMAIN_TYPE.textToImage as never,
        prompt: studio.recipePrompt(item.title, subject) as never,
        aspect_ratio: studio.recipeAspectRatio(item.cover?.width ?? 1, item.cover?.height ?? 1),
        ...guestMode(guest),
      });
    }),
  );

// ---- voices --------------------------------------------------------------------------------

export const createVoiceEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(createVoice.match),
    exhaustMap(({ payload }) =>
      deps.studio.api.voiceCreate(payload.request).pipe(
        mergeMap((r): Action[] => {
          if (E.isLeft(r)) return [reportApiFailure({ failure: r.left })];
          const { voice } = r.right;
          return [
            studio.resourceLoaded({ key: studio.studioKey.voice(voice.id), value: { kind: 'voice', voice } }),
            studio.runStarted({ key: 'voice', id: voice.id }),
            notice(deps, 'success', 'voices.created'),
          ];
        }),
      ),
    ),
  );

// ---- colour extraction (spec §9) -----------------------------------------------------------

export const paletteEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(extractPalette.match),
    filter(({ payload }) => {
      const known = studio.selectPalette(state$.value.studio, payload.url);
      return known === null;
    }),
    groupBy(({ payload }) => payload.url),
    mergeMap((byUrl$) =>
      byUrl$.pipe(
        exhaustMap(({ payload: { url } }) =>
          deps.studio.readPixels(url, studio.PALETTE_SAMPLE_MAX_SIDE).pipe(
            map((px) => {
              const palette = studio.extractPalette(px.data, px.width, px.height);
              return studio.paletteExtracted({
                url,
                colours: palette.colours.map((c) => ({ hex: c.hex, share: c.share })),
              });
            }),
            catchError(() => of(studio.paletteFailed({ url }))),
          ),
        ),
      ),
    ),
  );

// ---- the streamed audio's download (spec §9) ---------------------------------------------------

export const downloadStreamAudioEpic: AppEpic = (action$, state$, { platform, clock }) =>
  action$.pipe(
    filter(downloadStreamAudio.match),
    mergeMap(() => {
      const bytes = audio.selectFinishedAudio(state$.value.audio);
      if (bytes === null) return EMPTY;
      const name = audio.audioFileName(clock.now(), Array.from(bytes.subarray(0, 16)));
      const type = audio.detectAudioType(Array.from(bytes.subarray(0, 16)));
      platform.download.save(
        name,
        [bytes],
        type === 'wav' ? 'audio/wav' : type === 'mp3' ? 'audio/mpeg' : 'audio/aac',
      );
      return EMPTY;
    }),
  );

// ---- sign-out ------------------------------------------------------------------------------

export const clearStudioEpic: AppEpic = (action$) =>
  action$.pipe(
    filter(session.loggedOut.match),
    map(() => studio.studioCleared({})),
  );

export const studioToolEpics: readonly AppEpic[] = [
  trainingLoadEpic,
  startTrainingEpic,
  watchTrainingEpic,
  trainingActionsEpic,
  workflowEpic,
  runWorkflowEpic,
  tryWorkflowEpic,
  replayWorkflowTryEpic,
  dropWorkflowTryEpic,
  squareItemEpic,
  createVoiceEpic,
  paletteEpic,
  downloadStreamAudioEpic,
  clearStudioEpic,
];
