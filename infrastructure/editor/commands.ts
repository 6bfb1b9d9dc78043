/** Commands of the video editor (spec §4). */
import type { editor } from '../../domain/index.js';
import { randomId } from '../platform/device';
import { defineCommand } from '../store/commands';

/** A new clip or track id, unique in the project (`prefix`-random). */
export const newItemId = (prefix: string): string => `${prefix}-${randomId()}`;

// ---- video editor (spec §4)
export const openEditor = defineCommand<{ readonly query: editor.RouteQuery }>()('editor/open');

export const closeEditor = defineCommand()('editor/close');

export const changeStoryboards = defineCommand<{ readonly storyboards: readonly editor.StoryboardItem[] }>()(
  'editor/changeStoryboards',
);

export const changeAudios = defineCommand<{ readonly audios: readonly editor.AudioItem[] }>()(
  'editor/changeAudios',
);

export const changeAspectRatio = defineCommand<{ readonly aspectRatio: string }>()(
  'editor/changeAspectRatio',
);

export const renameProject = defineCommand<{ readonly title: string }>()('editor/rename');

/** The preview needs the frames of a GIF clip (decoded once per address). */
export const loadGifSheet = defineCommand<{ readonly url: string }>()('editor/loadGifSheet');

// ---- "My projects" (issue 21)
export const loadProjects = defineCommand()('editor/loadProjects');
export const renameListedProject = defineCommand<{ readonly id: string; readonly title: string }>()(
  'editor/renameListedProject',
);
export const duplicateListedProject = defineCommand<{ readonly id: string }>()(
  'editor/duplicateListedProject',
);
export const deleteListedProject = defineCommand<{ readonly id: string }>()('editor/deleteListedProject');
