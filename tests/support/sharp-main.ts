/**
 * Vitest global setup: loads sharp's native module in the process's main thread. The server
 * tests run in worker threads (pool: 'threads') and the engines in piscina threads inside them;
 * sharp's shared libraries must stay loaded by the main thread, or the first of those threads to
 * exit unloads them under the others and the process crashes
 * (https://sharp.pixelplumbing.com/install#worker-threads).
 */
import sharp from 'sharp';

export default (): void => {
  // Touching the module keeps the import from being elided.
  void sharp.versions.vips;
};
