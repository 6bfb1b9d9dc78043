/**
 * Vitest global setup of the end-to-end suite: one seeded data directory with every square cover
 * rendered; each file's server (support.ts `startApp`) starts on a copy of it, as on a second run
 * of `npm start`, instead of seeding again and rendering the same covers while its tests run.
 */
import type { TestProject } from 'vitest/node';
import { provideSeededTemplate } from '../support/seeded';

export default (project: TestProject): Promise<() => Promise<void>> =>
  provideSeededTemplate(project, { covers: true });
