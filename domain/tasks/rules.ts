/**
 * The task rules of spec §4 as pure functions: status classification, the progress
 * monotonicity rule, the interpretation of one server report, and what a terminal
 * transition asks the outside world to do.
 */
import type { Task } from './state.js';

export const TASK_POLL_INTERVAL_MS = 3000;

export type StatusClass = 'inProgress' | 'completed' | 'failed';

/** Spec §4: 1 and 2 are in progress (polled), 3 completed, 4 or any other code terminal failure. */
export const classifyStatus = (code: number): StatusClass =>
  code === 1 || code === 2 ? 'inProgress' : code === 3 ? 'completed' : 'failed';

const clampPercent = (n: number): number =>
  Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 0;

/**
 * Spec §4: progress never goes backwards unless the new value is 0 or 100, and is capped at 100.
 * Values outside 0..100 are clamped first (a report of 140 is a report of 100).
 */
export const nextProgress = (current: number, reported: number): number => {
  const value = clampPercent(reported);
  if (value === 0 || value === 100) return value;
  return Math.max(clampPercent(current), value);
};

/** A server report of one task, in domain terms (decoded at the API edge). */
export interface TaskReport {
  readonly id: string;
  readonly status: number;
  readonly progress: number;
  readonly statusDesc: string;
  readonly estimateMs: number | null;
  readonly images: readonly { readonly url: string; readonly width: number; readonly height: number }[];
}

export type ReportOutcome =
  | { readonly kind: 'progress'; readonly code: 1 | 2 }
  | { readonly kind: 'completed' }
  | { readonly kind: 'failed'; readonly code: number }
  | { readonly kind: 'ignored' };

/** What one report means for a task we hold: nothing once the task is terminal or unknown. */
export const interpretReport = (task: Task | undefined, report: TaskReport): ReportOutcome => {
  if (!task || task.phase.status !== 'inProgress') return { kind: 'ignored' };
  const cls = classifyStatus(report.status);
  if (cls === 'completed') return { kind: 'completed' };
  if (cls === 'failed') return { kind: 'failed', code: report.status };
  return { kind: 'progress', code: report.status === 2 ? 2 : 1 };
};

export type TaskEffect =
  | { readonly kind: 'notice'; readonly level: 'success'; readonly messageKey: string }
  | { readonly kind: 'refreshPayment' };

/** Spec §4: completion shows a success message and refreshes payment info; failure refreshes payment info. */
export const effectsOfOutcome = (outcome: ReportOutcome): readonly TaskEffect[] => {
  switch (outcome.kind) {
    case 'completed':
      return [
        { kind: 'notice', level: 'success', messageKey: 'tasks.completed' },
        { kind: 'refreshPayment' },
      ];
    case 'failed':
      return [{ kind: 'refreshPayment' }];
    case 'progress':
    case 'ignored':
      return [];
  }
};
