import type { HttpClient } from '../http/client';
import type { StreamingDeps } from './deps';

/** The browser's real streaming capabilities (reserved slot: filled by its own work item). */
export const browserStreamingDeps = (_http: HttpClient): StreamingDeps => ({});
