import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { tasks } from '../../../../domain/index.js';
import { estimateFields, submitTask } from '../../../../infrastructure/tasks/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useUploadGroup } from '../../uploads';
import { useEstimate, useTaskCount } from './useCreate';

export const REFERENCE_FIELD = 'referenceImage';
/** The value of a select's "none" choice (a select has no empty value). */
export const NONE = '__none__';

/** Changes some fields of the form. */
export type SetForm = (patch: Partial<tasks.GenerationForm>) => void;

/** What a part of the advanced options works on: the form, its setter, and the task options config. */
export type OptionsPartProps = {
  readonly form: tasks.GenerationForm;
  readonly set: SetForm;
  readonly options: tasks.GenerationOptions;
};

/**
 * The Create form's state: the fields, the reference upload, the domain's problems and request,
 * the estimate asked again whenever the request (or the task list) changes, and the submit.
 */
export const useComposer = (initial: tasks.GenerationForm, options: tasks.GenerationOptions | null) => {
  const dispatch = useAppDispatch();
  const [form, setForm] = useState<tasks.GenerationForm>(initial);
  const [touched, setTouched] = useState(false);
  const [advanced, setAdvanced] = useState(
    initial.loras.length > 0 || initial.modelId !== options?.defaults.modelId,
  );
  const reference = useUploadGroup(REFERENCE_FIELD, 1);
  const referenceUrl = reference.urls[0] ?? null;
  const { estimate, guest, balance } = useEstimate();
  const taskCount = useTaskCount();

  // The reference is an upload: the form follows the uploader.
  const full: tasks.GenerationForm = useMemo(
    () => ({ ...form, reference: referenceUrl === null ? null : { url: referenceUrl } }),
    [form, referenceUrl],
  );
  const problems = tasks.generationProblems(full);
  const request = tasks.generationRequest(full);
  const requestKey = tasks.estimateKeyOf(request);
  const invalid = tasks.hasProblem(problems);

  useEffect(() => {
    if (!invalid) dispatch(estimateFields({ fields: request }));
    // A new task changes the queue and the day: the same form is estimated again.
  }, [dispatch, invalid, requestKey, taskCount]); // eslint-disable-line react-hooks/exhaustive-deps

  const set: SetForm = (patch) => setForm((f) => ({ ...f, ...patch }));
  const matching = estimate !== null && estimate.key === requestKey ? estimate : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (invalid) return;
    dispatch(submitTask({ fields: request }));
  };

  return {
    form,
    full,
    set,
    touched,
    advanced,
    setAdvanced,
    referenceUrl,
    problems,
    matching,
    guest,
    balance,
    submit,
  };
};
