import type { HttpClient } from '../http/client';
import type { PlatformDeps } from './deps';

/** The browser's real platform capabilities (reserved slot: filled by its own work item). */
export const browserPlatformDeps = (_http: HttpClient): PlatformDeps => ({});
