import type { BoundedContext } from '../kernel/context.js';
import { uploadEventTypes, type UploadEvent } from './events.js';
import { uploadInvariants } from './invariants.js';
import { evolveUploads, initialUploadsState, type UploadsState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './reload.js';
export * from './selectors.js';
export * from './invariants.js';

export const uploadsContext: BoundedContext<UploadsState, UploadEvent> = {
  name: 'uploads',
  initialState: initialUploadsState,
  evolve: evolveUploads,
  eventTypes: uploadEventTypes,
  invariants: uploadInvariants,
};
