/**
 * The audit page's commands (issue 24), what views may call here (lint: views reach infrastructure/
 * through commands.ts): the page's side of the audit worker: starts the worker (a module worker, its own chunk),
 * numbers the requests and hands every answer to one listener. The page keeps only the latest answer
 * of each kind, so a fast scrub drops the answers it no longer needs.
 */
import type { AuditRequest, AuditResponse } from './protocol';

type Request = AuditRequest extends infer R ? (R extends AuditRequest ? Omit<R, 'id'> : never) : never;

export interface AuditWorker {
  /** Sends a request; returns its id (its answers carry it). */
  readonly send: (request: Request) => number;
  readonly terminate: () => void;
}

export const startAuditWorker = (listener: (response: AuditResponse) => void): AuditWorker => {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'audit' });
  worker.onmessage = (e: MessageEvent<AuditResponse>) => listener(e.data);
  worker.onerror = (e: ErrorEvent) =>
    listener({ kind: 'failed', id: 0, message: e.message || 'the audit worker failed' });
  let next = 1;
  return {
    send: (request) => {
      const id = next++;
      worker.postMessage({ ...request, id } as AuditRequest);
      return id;
    },
    terminate: () => worker.terminate(),
  };
};

export type { AuditResponse, AuditTimeline, AuditViolation } from './protocol';
