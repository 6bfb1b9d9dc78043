/**
 * Commands of the studio screens: LoRA training, ComfyUI workflows, apps and design templates, the
 * e-book reader, voice creation, colour extraction and the streamed audio's download. The video
 * editor's are in infrastructure/editor/commands.ts, the audio stream's in streaming/commands.ts.
 */
import type { VoiceCreateRequest } from '../contract/studio';
import { defineCommand } from '../store/commands';

// ---- LoRA training (spec §7 model training, §8 120000-120013)
export const loadTrainingConfig = defineCommand()('studio/loadTrainingConfig');
export const loadTrainingHistory = defineCommand()('studio/loadTrainingHistory');
export interface StartTrainingPayload {
  readonly name: string;
  /** One of the data-set config's base models and train types (checked by the epic's codec). */
  readonly baseModel: string;
  readonly trainType: string;
  readonly images: readonly string[];
  readonly triggerWord: string;
  readonly tags: readonly string[];
  readonly steps: number;
}
export const startTraining = defineCommand<StartTrainingPayload>()('studio/startTraining');
/** Shows a training and follows its progress until it ends. */
export const watchTraining = defineCommand<{ readonly id: string }>()('studio/watchTraining');
export const stopTraining = defineCommand<{ readonly id: string }>()('studio/stopTraining');
export const publishTraining = defineCommand<{ readonly id: string; readonly title?: string }>()(
  'studio/publishTraining',
);
export const downloadTraining = defineCommand<{ readonly id: string }>()('studio/downloadTraining');

// ---- ComfyUI workflows
export const importWorkflow = defineCommand<{ readonly name: string; readonly json: string }>()(
  'studio/importWorkflow',
);
export const loadWorkflows = defineCommand()('studio/loadWorkflows');
export const loadWorkflow = defineCommand<{ readonly id: string }>()('studio/loadWorkflow');
/** Saves the form's values into the workflow (when they changed) and runs it as a task. */
export const runWorkflow = defineCommand<{
  readonly id: string;
  readonly values: Readonly<Record<string, string | number | boolean>>;
}>()('studio/runWorkflow');

/**
 * Try a workflow card of the square (spec §2): copy it into the person's workflows and open the
 * copy; a guest signs in first, then the copy is made.
 */
export const tryWorkflow = defineCommand<{ readonly itemId: string }>()('studio/tryWorkflow');

// ---- square items: apps, design templates, workflows, e-books
export const loadSquareItem = defineCommand<{ readonly id: string }>()('studio/loadSquareItem');
/** Try an app or design template: its recipe with the person's subject, as a task. */
export const tryRecipe = defineCommand<{ readonly itemId: string; readonly subject: string }>()(
  'studio/tryRecipe',
);
export const loadEbookChapter = defineCommand<{ readonly id: string; readonly chapter: number }>()(
  'studio/loadEbookChapter',
);

// ---- voices (spec §3, §5)
export const createVoice = defineCommand<{ readonly request: VoiceCreateRequest }>()('studio/createVoice');

// ---- colour extraction (spec §9)
export const extractPalette = defineCommand<{ readonly url: string }>()('studio/extractPalette');

// ---- the streamed audio
/** Saves the finished stream as AI_Audio_{date}_{time}.{detected extension} (spec §9). */
export const downloadStreamAudio = defineCommand()('studio/downloadStreamAudio');
