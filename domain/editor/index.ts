import type { BoundedContext } from '../kernel/context.js';
import { editorEventTypes, type EditorEvent } from './events.js';
import { editorInvariants } from './invariants.js';
import { evolveEditor, initialEditorState, type EditorState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './selectors.js';
export * from './invariants.js';
export * from './timeline.js';
export * from './gif.js';
export * from './projects.js';

export const editorContext: BoundedContext<EditorState, EditorEvent> = {
  name: 'editor',
  initialState: initialEditorState,
  evolve: evolveEditor,
  eventTypes: editorEventTypes,
  invariants: editorInvariants,
};
