/**
 * The audit worker's messages (issue 24): the page sends a log file and asks for states and
 * diffs; the worker answers with compact per-event arrays (no object per event), the invariant
 * status, and one state or one diff at a time. Every request carries an id its answer repeats.
 */
import type { StateChange } from '../../domain/audit/index.js';

/** The page to the worker. */
export type AuditRequest =
  | { readonly kind: 'load'; readonly id: number; readonly file: Blob }
  /** The state after event `index` (-1: the initial state). */
  | { readonly kind: 'state'; readonly id: number; readonly index: number }
  /** What event `index` changed: the state after `index - 1` against the state after `index`. */
  | { readonly kind: 'diff'; readonly id: number; readonly index: number };

/** The events of a loaded log as columns: event i is `types[typeOf[i]]` of lane `laneOf[i]` at `at[i]`. */
export interface AuditTimeline {
  readonly count: number;
  readonly source: string;
  readonly lanes: readonly string[];
  readonly types: readonly string[];
  /** Per event: the index into `lanes`. */
  readonly laneOf: Uint8Array;
  /** Per event: the index into `types`. */
  readonly typeOf: Uint16Array;
  /** Per event: `meta.at` (ms since the epoch). */
  readonly at: Float64Array;
}

export interface AuditViolation {
  readonly index: number;
  readonly invariant: string;
  readonly message: string;
}

/** The worker to the page. */
export type AuditResponse =
  | {
      readonly kind: 'progress';
      readonly id: number;
      readonly phase: 'reading' | 'folding';
      readonly done: number;
      readonly total: number;
    }
  /** The log cannot be read: the line where parsing stopped and why (a newer version is refused here). */
  | { readonly kind: 'invalid'; readonly id: number; readonly line: number; readonly message: string }
  | { readonly kind: 'loaded'; readonly id: number; readonly timeline: AuditTimeline }
  /** Invariants checked up to `checked` events; `violation` is the first broken one, if any. */
  | { readonly kind: 'checking'; readonly id: number; readonly checked: number; readonly total: number }
  | { readonly kind: 'checked'; readonly id: number; readonly violation: AuditViolation | null }
  | { readonly kind: 'state'; readonly id: number; readonly index: number; readonly state: unknown }
  | {
      readonly kind: 'diff';
      readonly id: number;
      readonly index: number;
      readonly changes: readonly StateChange[];
      readonly truncated: boolean;
    }
  | { readonly kind: 'failed'; readonly id: number; readonly message: string };

/** How many events apart the worker keeps a state (the state at any event is at most this many folds away). */
export const CHECKPOINT_EVERY = 5000;
/** The most changes a diff answer carries. */
export const DIFF_LIMIT = 500;
