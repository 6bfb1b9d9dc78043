import type { HttpClient } from '../http/client';
import type { UploadsDeps } from './deps';

/** The browser's real uploads capabilities (reserved slot: filled by its own work item). */
export const browserUploadsDeps = (_http: HttpClient): UploadsDeps => ({});
