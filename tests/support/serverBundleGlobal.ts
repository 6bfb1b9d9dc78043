/**
 * Vitest global setup of the soak suites: the server's bundle, as `npm start` runs it, for every
 * server process their tests start (serverBundle.ts).
 */
import type { TestProject } from 'vitest/node';
import { provideServerBundle } from './serverBundle';

export default (project: TestProject): (() => void) => provideServerBundle(project);
