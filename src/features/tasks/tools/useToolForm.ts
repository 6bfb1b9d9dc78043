import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { tasks } from '../../../../domain/index.js';
import { estimateFields, submitAfterUpload, submitTask } from '../../../../infrastructure/tasks/commands';
import { removeUpload, uploadPickedFile } from '../../../../infrastructure/uploads/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useEstimate, useTaskCount } from '../create';
import { useUploadGroup } from '../../uploads';
import type { MaskHandle } from './MaskPainter';
import type { ScribbleHandle } from './ScribbleCanvas';

/** Estimate what is filled in; a sketch or mask still to upload is estimated as it will be sent. */
const estimatedFields = (request: NonNullable<ReturnType<typeof tasks.toolRequest>>) =>
  Object.fromEntries(
    Object.entries(request).map(([k, v]) => [
      k,
      typeof v === 'string' && v.startsWith('pending:') ? '/pending' : v,
    ]),
  );

/**
 * One tool's form state (spec §2): its inputs, its uploads (picture, face, painted mask), the
 * scribble and mask canvases, the domain's problem and request, the estimate asked again on each
 * change, and the submit (a sketch or mask uploads first, the task follows).
 */
export const useToolForm = (spec: tasks.ToolSpec) => {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const [prefill, setPrefill] = useState(() =>
    spec.videoTiers ? tasks.prefillImageOf(params.get('image')) : null,
  );
  const [inputs, setInputs] = useState<tasks.ToolInputs>(tasks.defaultToolInputs);
  const [touched, setTouched] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [brush, setBrush] = useState(24);
  const scribble = useRef<ScribbleHandle>(null);
  const mask = useRef<MaskHandle>(null);
  const imageField = `tool-${spec.slug}-image`;
  const faceField = `tool-${spec.slug}-face`;
  const maskField = `tool-${spec.slug}-mask`;
  const image = useUploadGroup(imageField, 1);
  const face = useUploadGroup(faceField, 1);
  const maskUpload = useUploadGroup(maskField, 1);
  const { estimate, guest, balance } = useEstimate();
  const taskCount = useTaskCount();

  const imageUrl =
    spec.image.source === 'scribble' ? (image.urls[0] ?? null) : (prefill ?? image.urls[0] ?? null);
  const full: tasks.ToolInputs = {
    ...inputs,
    imageUrl:
      spec.image.source === 'scribble' ? (drawn ? 'pending:scribble' : (image.urls[0] ?? null)) : imageUrl,
    secondImageUrl: face.urls[0] ?? null,
    mask: spec.mask && drawn ? { url: maskUpload.urls[0] ?? 'pending:mask', painted: true } : null,
  };
  const problem = tasks.toolProblem(spec, full);
  const request = tasks.toolRequest(spec, full);
  const busy = image.running || maskUpload.running;
  const requestKey = request === null ? null : tasks.estimateKeyOf(request);

  useEffect(() => {
    if (request === null) return;
    dispatch(estimateFields({ fields: estimatedFields(request) }));
  }, [dispatch, requestKey, taskCount]); // eslint-disable-line react-hooks/exhaustive-deps

  /** A sketch or a mask goes up first; the task follows once its upload is done (an epic waits for it). */
  const uploadThenSubmit = (
    group: typeof image,
    field: string,
    key: 'input_url' | 'mask_url',
    blob: Blob,
    name: string,
  ) => {
    const fields = tasks.toolRequest(spec, {
      ...full,
      ...(key === 'input_url' ? { imageUrl: '/pending' } : { mask: { url: '/pending', painted: true } }),
    });
    if (fields === null) return;
    for (const f of group.files)
      if (f.status !== 'init' && f.status !== 'pending') dispatch(removeUpload({ id: f.id }));
    dispatch(submitAfterUpload({ field, previousUrl: null, key, fields }));
    dispatch(uploadPickedFile(field, new File([blob], name, { type: 'image/png' })));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem !== null || busy) return;
    if (spec.image.source === 'scribble' && drawn && scribble.current) {
      uploadThenSubmit(image, imageField, 'input_url', await scribble.current.toBlob(), 'scribble.png');
      return;
    }
    if (spec.mask && mask.current) {
      uploadThenSubmit(maskUpload, maskField, 'mask_url', await mask.current.toBlob(), 'mask.png');
      return;
    }
    const req = tasks.toolRequest(spec, full);
    if (req !== null) dispatch(submitTask({ fields: req }));
  };

  const set = (patch: Partial<tasks.ToolInputs>) => setInputs((i) => ({ ...i, ...patch }));
  // Another page's estimate (Create, another tool) is not this tool's.
  const matching =
    estimate !== null && request !== null && estimate.domainType === request.domain_type ? estimate : null;

  return {
    inputs,
    set,
    prefill,
    clearPrefill: () => setPrefill(null),
    touched,
    setDrawn,
    brush,
    setBrush,
    scribble,
    mask,
    imageField,
    faceField,
    imageUrl,
    problem,
    busy,
    matching,
    guest,
    balance,
    submit,
  };
};
