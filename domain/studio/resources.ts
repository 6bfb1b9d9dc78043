/**
 * What the studio screens read from the server, in the contract's field names (decoded at the API
 * edge, so these mirror the io-ts types of infrastructure/contract/creation.ts and studio.ts): the
 * training form's limits, trainings and their results, imported workflows, square items (apps,
 * design templates, workflows, e-books), e-book chapters and created voices.
 */
import type { WorkflowGraph } from './rules.js';

export interface Cover {
  readonly url: string;
  readonly width: number;
  readonly height: number;
}

export interface TrainingConfig {
  readonly min_images: number;
  readonly max_images: number;
  readonly name_max_length: number;
  readonly train_types: readonly string[];
  readonly base_models: readonly string[];
  readonly steps: { readonly min: number; readonly max: number; readonly default: number };
  readonly cost: number;
  readonly tier: string;
  readonly monthly_limit: number;
  readonly used_this_month: number;
  readonly training: string | null;
}

export interface TrainingRecord {
  readonly id: string;
  readonly name: string;
  readonly base_model: string;
  readonly train_type: string;
  readonly trigger_word: string;
  readonly image_count: number;
  readonly images: readonly string[];
  readonly steps: number;
  readonly status: number;
  readonly process: number;
  readonly status_desc: string;
  readonly estimate_time: number;
  readonly cost: number;
  readonly create_at: number;
  readonly finished_at: number | null;
  readonly saved: boolean;
  readonly published_model_id: string | null;
}

export interface TrainingResult {
  readonly record: TrainingRecord;
  readonly model_card: {
    readonly title: string;
    readonly content_type: string;
    readonly content_sub_type: string;
    readonly child: readonly { readonly id: string; readonly name: string; readonly base_model: string }[];
    readonly cover: Cover;
  };
  readonly file: {
    readonly url: string;
    readonly file_name: string;
    readonly size: number;
    readonly format: string;
  };
  readonly samples: readonly Cover[];
  readonly loss: readonly number[];
  readonly trigger_word: string;
}

export interface WorkflowSummary {
  readonly id: string;
  readonly name: string;
  readonly node_count: number;
  readonly execution_order: readonly string[];
  readonly outputs: readonly string[];
  readonly create_at: number;
}

export interface SquareItem {
  readonly id: string;
  readonly card_type: string;
  readonly title: string;
  readonly description: string;
  readonly cover: Cover | null;
  readonly author: { readonly id: string; readonly name: string; readonly avatar: string };
  readonly tags: readonly { readonly id: string; readonly title: string }[];
  readonly chapters?: number;
  readonly nodes_type?: string;
  readonly run_available?: boolean;
}

export interface EbookChapter {
  readonly id: string;
  readonly title: string;
  readonly chapter: number;
  readonly chapters: number;
  readonly chapter_title: string;
  readonly text: string;
}

export interface Voice {
  readonly id: string;
  readonly name: string;
  readonly cover: string;
  readonly gender: string;
  readonly age: string;
  readonly langs: readonly string[];
  readonly tones: readonly string[];
  readonly text: string;
  readonly tag: readonly string[];
  readonly publish_status: number;
  readonly audios: readonly { readonly url: string; readonly name: string; readonly duration: number }[];
  readonly create_at: number;
}

/** One thing the studio loaded, by kind. */
export type StudioResource =
  | { readonly kind: 'trainingConfig'; readonly config: TrainingConfig }
  | { readonly kind: 'trainingHistory'; readonly items: readonly TrainingRecord[] }
  | { readonly kind: 'training'; readonly record: TrainingRecord }
  | { readonly kind: 'trainingResult'; readonly result: TrainingResult }
  | { readonly kind: 'workflowList'; readonly items: readonly WorkflowSummary[] }
  | { readonly kind: 'workflow'; readonly workflow: WorkflowSummary; readonly graph: WorkflowGraph }
  | { readonly kind: 'squareItem'; readonly item: SquareItem }
  | { readonly kind: 'ebookChapter'; readonly chapter: EbookChapter }
  | { readonly kind: 'voice'; readonly voice: Voice };

export type StudioResourceKind = StudioResource['kind'];

/**
 * The key each resource lives under: one per thing, so a screen asks for exactly what it shows and
 * two screens asking for the same thing share it.
 */
export const studioKey = {
  trainingConfig: () => 'trainingConfig',
  trainingHistory: () => 'trainingHistory',
  training: (id: string) => `training:${id}`,
  trainingResult: (id: string) => `trainingResult:${id}`,
  workflowList: () => 'workflowList',
  workflow: (id: string) => `workflow:${id}`,
  squareItem: (id: string) => `squareItem:${id}`,
  ebookChapter: (id: string, chapter: number) => `ebookChapter:${id}:${chapter}`,
  voice: (id: string) => `voice:${id}`,
} as const satisfies Record<StudioResourceKind, (...args: never[]) => string>;

/** The kind a key holds: its part before the first colon. */
export const kindOfKey = (key: string): string => key.split(':')[0] ?? '';
