/**
 * The audit page's transient state (issue 24), local to the page: the worker, what it has loaded,
 * the invariant status, the selected event and its state and diff. Nothing here goes to the store.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StateChange } from '../../../domain/audit/index.js';
import {
  startAuditWorker,
  type AuditResponse,
  type AuditTimeline,
  type AuditViolation,
  type AuditWorker,
} from '../../../infrastructure/audit/commands';

export type AuditLoad =
  | { readonly status: 'empty' }
  | { readonly status: 'loading'; readonly name: string; readonly done: number; readonly total: number }
  | { readonly status: 'invalid'; readonly name: string; readonly line: number; readonly message: string }
  | { readonly status: 'failed'; readonly name: string; readonly message: string }
  | { readonly status: 'ready'; readonly name: string; readonly timeline: AuditTimeline };

export type AuditCheck =
  | { readonly status: 'checking'; readonly checked: number; readonly total: number }
  | { readonly status: 'done'; readonly violation: AuditViolation | null };

export interface AuditDiff {
  readonly index: number;
  readonly changes: readonly StateChange[];
  readonly truncated: boolean;
}

export const useAudit = () => {
  const worker = useRef<AuditWorker | null>(null);
  const loadId = useRef(0);
  const stateId = useRef(0);
  const diffId = useRef(0);
  const name = useRef('');
  const [load, setLoad] = useState<AuditLoad>({ status: 'empty' });
  const [check, setCheck] = useState<AuditCheck>({ status: 'checking', checked: 0, total: 0 });
  const [selected, setSelected] = useState(0);
  const [state, setState] = useState<{ index: number; value: unknown } | null>(null);
  const [diff, setDiff] = useState<AuditDiff | null>(null);

  useEffect(() => {
    const onMessage = (r: AuditResponse) => {
      if (r.kind === 'state') {
        if (r.id === stateId.current) setState({ index: r.index, value: r.state });
        return;
      }
      if (r.kind === 'diff') {
        if (r.id === diffId.current) setDiff({ index: r.index, changes: r.changes, truncated: r.truncated });
        return;
      }
      if (r.id !== loadId.current && r.id !== 0) return;
      const file = name.current;
      switch (r.kind) {
        case 'progress':
          setLoad({ status: 'loading', name: file, done: r.done, total: r.total });
          return;
        case 'invalid':
          setLoad({ status: 'invalid', name: file, line: r.line, message: r.message });
          return;
        case 'failed':
          setLoad({ status: 'failed', name: file, message: r.message });
          return;
        case 'loaded':
          setLoad({ status: 'ready', name: file, timeline: r.timeline });
          setCheck({ status: 'checking', checked: 0, total: r.timeline.count });
          setSelected(r.timeline.count > 0 ? r.timeline.count - 1 : -1);
          return;
        case 'checking':
          setCheck({ status: 'checking', checked: r.checked, total: r.total });
          return;
        case 'checked':
          setCheck({ status: 'done', violation: r.violation });
          return;
      }
    };
    const w = startAuditWorker(onMessage);
    worker.current = w;
    return () => {
      w.terminate();
      worker.current = null;
    };
  }, []);

  const open = useCallback((file: File) => {
    const w = worker.current;
    if (!w) return;
    name.current = file.name;
    setState(null);
    setDiff(null);
    setLoad({ status: 'loading', name: file.name, done: 0, total: file.size });
    loadId.current = w.send({ kind: 'load', file });
  }, []);

  const ready = load.status === 'ready';
  useEffect(() => {
    const w = worker.current;
    if (!w || !ready) return;
    stateId.current = w.send({ kind: 'state', index: selected });
    diffId.current = w.send({ kind: 'diff', index: selected });
  }, [ready, selected, load]);

  return { load, check, selected, select: setSelected, state, diff, open };
};
