/**
 * Vitest global setup of the unit and server suites (and of their PostgreSQL pass): one seeded data
 * directory, and with DATABASE_URL one seeded template database, for every test server of the run.
 */
import type { TestProject } from 'vitest/node';
import { provideSeededTemplate } from './seeded';

export default (project: TestProject): Promise<() => Promise<void>> =>
  provideSeededTemplate(project, { covers: false });
