/**
 * The task rules of spec §4 as pure functions: status classification, the progress
 * monotonicity rule, the interpretation of one server report, and what a terminal
 * transition asks the outside world to do.
 */
import type { EstimateReceivedPayload, TaskSnapshot } from './events.js';
import type { Task, TaskEstimate, TaskMediaItem, TaskPhase } from './state.js';

export const TASK_POLL_INTERVAL_MS = 3000;

export type StatusClass = 'inProgress' | 'completed' | 'failed';

/** Spec §4: 1 and 2 are in progress (polled), 3 completed, 4 or any other code terminal failure. */
export const classifyStatus = (code: number): StatusClass =>
  code === 1 || code === 2 ? 'inProgress' : code === 3 ? 'completed' : 'failed';

const clampPercent = (n: number): number => (Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 0);

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
  /** Every output with its kind; absent from reports of older servers. */
  readonly media?: readonly TaskMediaItem[];
  /** The workflow node being executed (spec §3 comfyui_current_node). */
  readonly currentNode?: string | null;
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

/**
 * Spec §4: completion shows a success message and refreshes payment info; failure refreshes
 * payment info. `completedKey` names what finished (`completedNoticeKey` of the task's kind).
 */
export const effectsOfOutcome = (
  outcome: ReportOutcome,
  completedKey: string = 'tasks.completed',
): readonly TaskEffect[] => {
  switch (outcome.kind) {
    case 'completed':
      return [{ kind: 'notice', level: 'success', messageKey: completedKey }, { kind: 'refreshPayment' }];
    case 'failed':
      return [{ kind: 'refreshPayment' }];
    case 'progress':
    case 'ignored':
      return [];
  }
};

/**
 * A task's phase after a list snapshot: an unknown task takes the server's phase; a task in
 * progress moves as a report would move it (progress never backwards except to 0 or 100); a
 * terminal task stays as it is.
 */
export const applySnapshot = (current: TaskPhase | undefined, s: TaskSnapshot): TaskPhase => {
  if (current && current.status !== 'inProgress') return current;
  const cls = classifyStatus(s.status);
  if (cls === 'completed')
    return {
      status: 'completed',
      progress: 100,
      images: s.images,
      ...(s.media.length > 0 ? { media: s.media } : {}),
    };
  const progress = current ? nextProgress(current.progress, s.progress) : clampPercent(s.progress);
  if (cls === 'failed') return { status: 'failed', progress, code: s.status, reason: s.statusDesc };
  return { status: 'inProgress', code: s.status === 2 ? 2 : 1, progress, statusDesc: s.statusDesc };
};

const nonNegative = (n: number): number => (Number.isFinite(n) && n > 0 ? n : 0);

/** Spec §7 estimate: coins and time are never negative (a bad report counts as 0). */
export const nextEstimate = (p: EstimateReceivedPayload, at: number): TaskEstimate => ({
  key: p.key,
  domainType: p.domainType,
  coins: nonNegative(p.coins),
  estimateMs: nonNegative(p.estimateMs),
  canAfford: p.canAfford,
  at,
  ...(p.queue
    ? {
        queue: {
          active: Math.max(0, Math.floor(p.queue.active)),
          limit: Math.max(0, Math.floor(p.queue.limit)),
        },
      }
    : {}),
  ...(p.daily
    ? {
        daily: {
          used: Math.max(0, Math.floor(p.daily.used)),
          limit: p.daily.limit === null ? null : Math.max(0, Math.floor(p.daily.limit)),
        },
      }
    : {}),
});

/** Spec §4 "4 is failed or other terminal": a task the person cancelled ends with this code. */
export const TASK_CANCELLED_STATUS = 5;

export type QueueNotice = 'queueFull' | 'dailyLimit';

/**
 * Spec §8: whether another task can start: the queue is full (70002) when as many tasks run as
 * the tier allows (the limit from the last estimate, the running count as the list shows it now,
 * since tasks finish after the estimate was asked); the daily limit (70001) is reached when
 * today's tasks reach it. A full queue is told first: it frees itself as tasks finish.
 */
export const queueNoticeOf = (
  e: Pick<TaskEstimate, 'queue' | 'daily'> | null,
  runningNow: number,
): QueueNotice | null => {
  if (!e) return null;
  if (e.queue && e.queue.limit > 0 && runningNow >= e.queue.limit) return 'queueFull';
  if (e.daily && e.daily.limit !== null && e.daily.used >= e.daily.limit) return 'dailyLimit';
  return null;
};

/** A stable key for an estimate request: the same fields in any order give the same key. */
export const estimateKeyOf = (fields: Readonly<Record<string, unknown>>): string =>
  JSON.stringify(
    Object.keys(fields)
      .filter((k) => fields[k] !== undefined)
      .sort()
      .map((k) => [k, fields[k]]),
  );

/** Spec §4 guests: a guest's task is polled (and deleted) with g_mode=1, even after sign-in. */
export const gModeOf = (task: Pick<Task, 'guest'>): 0 | 1 => (task.guest ? 1 : 0);

export interface PollBatch {
  readonly gMode: 0 | 1;
  readonly ids: readonly string[];
}

/** One batch request per ownership (account tasks, guest tasks), each in list order. */
export const pollBatches = (tasks: readonly Task[]): readonly PollBatch[] => {
  const account = tasks.filter((t) => !t.guest).map((t) => t.id);
  const guest = tasks.filter((t) => t.guest).map((t) => t.id);
  return [
    ...(account.length > 0 ? [{ gMode: 0 as const, ids: account }] : []),
    ...(guest.length > 0 ? [{ gMode: 1 as const, ids: guest }] : []),
  ];
};

/** What one image task costs a signed-in account, in coins (guests are not charged). */
export const IMAGE_TASK_COST = 10;
/** The longest prompt a task takes. */
export const PROMPT_MAX_LENGTH = 2000;

export type PromptProblem = 'empty' | 'tooLong';

/** A prompt is sent trimmed; it must say something and fit the limit. */
export const promptProblem = (prompt: string): PromptProblem | null => {
  if (prompt.trim() === '') return 'empty';
  return prompt.length > PROMPT_MAX_LENGTH ? 'tooLong' : null;
};

/** What a signed-in person is told before sending a task their coins do not cover. */
export interface CoinShortfall {
  /** The balance known on this device; null when only the server's estimate said so. */
  readonly balance: number | null;
  /** Coins still missing for this task (at least 1). */
  readonly missing: number;
}

/**
 * Spec §4 (the estimate and coin cost before submitting) and §8 80307 ("no coins"): a signed-in
 * person whose coins do not cover the estimated cost is told so before sending, with what is
 * missing and the way to get coins. Guests pay nothing here. A balance known on the device
 * decides (a pack bought meanwhile clears the note at once, without a new estimate); without
 * one, the estimate's `can_afford`. Advisory only: the server decides the debit.
 */
export const coinShortfall = (
  estimate: Pick<TaskEstimate, 'coins' | 'canAfford'> | null,
  guest: boolean,
  balance: number | null,
): CoinShortfall | null => {
  if (guest || estimate === null) return null;
  if (balance !== null && Number.isFinite(balance)) {
    const have = Math.max(0, balance);
    return have < estimate.coins ? { balance: have, missing: estimate.coins - have } : null;
  }
  return estimate.canAfford ? null : { balance: null, missing: Math.max(1, estimate.coins) };
};
