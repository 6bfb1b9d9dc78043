/**
 * `npm start`: the server, the embedded database with demo data and the built client, one port.
 * `npm run serve`: the same process without building first; several of them on one DATABASE_URL
 * and one blob store are one platform (README "Scaling out").
 */
import { buildServer } from './app';
import { warmCovers } from './feed/covers';
import { readConfig } from './config';
import { DEMO_ACCOUNT } from './seed';

const config = readConfig();
const server = await buildServer(config, { logger: { level: config.logLevel } });
// Browsers PUT upload parts and GET downloads straight to an S3 bucket: its CORS rules name the site.
if (config.blobStore?.kind === 's3' && config.blobStore.corsOrigins.length > 0) {
  const { putBucketCors, s3BlobStore } = await import('./blobs/s3');
  const store = s3BlobStore(config.blobStore);
  await putBucketCors(store, config.blobStore.corsOrigins);
  store.client.destroy();
}
await server.app.listen({ port: config.port, host: config.host });
const db = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
const blobs =
  config.blobStore?.kind === 's3'
    ? `s3://${config.blobStore.bucket}${config.blobStore.prefix === '' ? '' : `/${config.blobStore.prefix}`}`
    : 'on disk';
console.log(`Atelier is running at http://localhost:${config.port}/  (database: ${db}; blobs: ${blobs})`);
console.log(`Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);

// The square's covers are rendered on first request; rendering them now, in the background,
// means a first visit to Explore finds them ready. WARM_COVERS=0 leaves it to another process of
// the same platform (they share the blob store), or to first requests.
let stopping = false;
if (process.env['WARM_COVERS'] !== '0')
  // A stop during the warm-up ends its render on purpose (the engine threads are terminated).
  void warmCovers(server.ctx, () => stopping).catch((e: unknown) => {
    if (!stopping) console.error('cover warm-up stopped:', e);
  });

const stop = async () => {
  stopping = true;
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
