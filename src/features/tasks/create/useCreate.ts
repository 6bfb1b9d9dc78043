import { createSelector } from '../../../../domain/kernel/memo.js';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { billing, session, tasks, type RootState } from '../../../../domain/index.js';
import { loadRemix, loadTaskOptions } from '../../../../infrastructure/tasks/commands';
import { useAppDispatch, useAppSelector } from '../../../../infrastructure/store/hooks';

const selectConfig = (s: RootState): tasks.OptionsState => s.tasks.config ?? { status: 'idle' };

export type CreateSource =
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | {
      readonly status: 'ready';
      readonly options: tasks.GenerationOptions | null;
      readonly remix: tasks.RemixSource | null;
      /** The remixed work could not be found (the form opens empty, with a note). */
      readonly remixMissing: boolean;
      readonly modelId: string | null;
    };

const sourceOf = (
  settled: boolean,
  config: tasks.OptionsState,
  remix: tasks.RemixState | undefined,
  remixId: string | null,
  modelId: string | null,
): CreateSource => {
  if (!settled) return { status: 'loading' };
  if (remixId !== null && remix?.status === 'failed') return { status: 'failed' };
  return {
    status: 'ready',
    options: config.status === 'loaded' ? config.options : null,
    remix: remix?.status === 'loaded' ? remix.remix : null,
    remixMissing: remix?.status === 'notFound',
    modelId,
  };
};

const selectSource = createSelector(
  [
    (s: RootState, remixId: string | null) => tasks.isCreateSourceSettled(s.tasks, remixId),
    selectConfig,
    (s: RootState, remixId: string | null) => (remixId === null ? undefined : s.tasks.remix?.[remixId]),
    (_s: RootState, remixId: string | null) => remixId,
    (_s: RootState, _r: string | null, modelId: string | null) => modelId,
  ],
  sourceOf,
);

/**
 * What Create starts from: the task options config (spec §3), and the work of `?remix=` or the
 * model of `?model=` (spec §2 Remix, the shared addresses). Loads them and says when they are here.
 */
export const useCreateSource = () => {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const remixId = params.get('remix');
  const modelId = params.get('model');
  useEffect(() => {
    dispatch(loadTaskOptions(modelId === null ? {} : { modelId }));
  }, [dispatch, modelId]);
  useEffect(() => {
    if (remixId !== null) dispatch(loadRemix({ artworkId: remixId }));
  }, [dispatch, remixId]);
  const source = useAppSelector((s) => selectSource(s, remixId, modelId));
  const retry = () => {
    dispatch(loadTaskOptions(modelId === null ? {} : { modelId }));
    if (remixId !== null) dispatch(loadRemix({ artworkId: remixId }));
  };
  return { source, retry, key: `${remixId ?? ''}|${modelId ?? ''}` };
};

const selectEstimateState = createSelector(
  [
    (s: RootState) => tasks.selectEstimate(s.tasks),
    (s: RootState) => session.selectIsGuest(s.session),
    (s: RootState) => billing.selectCoinBalance(s.billing),
  ],
  (estimate, guest, balance) => ({ estimate, guest, balance }),
);

/** The last estimate (spec §7 /task/estimate), whether the person is a guest, and their balance. */
export const useEstimate = () => useAppSelector(selectEstimateState);

/** How many tasks the list holds: a new task changes what the queue and the day allow, so the estimate is asked again. */
export const useTaskCount = () => useAppSelector((s) => s.tasks.order.length);
