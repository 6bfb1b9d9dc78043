/**
 * Prepares a seeded data directory once per test run: the server's migrations and demo seeds, as
 * `npm start` runs them on a first start (opening a new PGlite and seeding takes 10 to 15 s; a
 * second start over the same directory about 1 s). With `--covers`, every square cover is also
 * rendered (what `npm start` warms in the background after it listens), here one lane per engine
 * thread: the global setup runs this alone and gives it both cores (ENGINE_THREADS=2).
 *
 * Run as `tsx tests/support/prepareData.ts [--covers]` with DATA_DIR set, and with DATABASE_URL
 * set to seed a PostgreSQL database instead of PGlite (the blobs still go to DATA_DIR). Test servers
 * then start on copies (tests/support/seeded.ts): the path of a second start, the same state.
 */
import { buildServer } from '../../server/app';
import { warmCovers } from '../../server/feed/covers';
import { readConfig } from '../../server/config';
import { ENGINE_THREADS } from '../../server/engines/pool';

const server = await buildServer(readConfig(), { logger: false, runEngines: false });
const covers = process.argv.includes('--covers')
  ? await warmCovers(server.ctx, () => false, ENGINE_THREADS)
  : 0;
await server.close();
console.log(`seeded data prepared in ${process.env['DATA_DIR'] ?? ''} (${covers} covers rendered)`);
