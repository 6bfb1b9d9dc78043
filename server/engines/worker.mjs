// The engine pool's worker entry (server/engines/pool.ts). Plain JavaScript so that piscina can
// load it in a bare worker thread. Under the bundled server (`npm start`, scripts/build-server.mjs)
// the pool names the jobs' bundle and the thread imports it as it is; otherwise (`npm run dev`,
// tests that build a server in-process) it registers tsx's loader, then imports the TypeScript jobs.
// Results keep their shape; every Uint8Array that owns its whole ArrayBuffer is transferred, not copied.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { Piscina } from 'piscina';

// On Linux, this thread alone gets a lower CPU priority (nice 10; setpriority takes a thread id):
// on a machine with few cores, the event loop's thread wins the CPU when both want it. Elsewhere
// (no /proc/thread-self) the worker keeps the process's priority.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
} catch {
  // not Linux, or not allowed: same priority as the event loop
}

const bundle = Piscina.workerData?.jobsBundle;
const loadJobs = async () => {
  if (typeof bundle === 'string') return import(bundle);
  const { register } = await import('tsx/esm/api');
  register();
  return import('./jobs.ts');
};
const jobs = await loadJobs();

const transferables = (value, out = new Set()) => {
  if (value instanceof Uint8Array || value instanceof Int16Array || value instanceof Float32Array) {
    if (value.byteOffset === 0 && value.byteLength === value.buffer.byteLength) out.add(value.buffer);
  } else if (Array.isArray(value)) for (const v of value) transferables(v, out);
  else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) transferables(v, out);
  return out;
};

/** `{ name, arg }` runs `jobs[name](arg)`; an EngineError comes back as `{ ok: false, message }`. */
export default async ({ name, arg }) => {
  let result;
  try {
    result = { ok: true, value: await jobs[name](arg) };
  } catch (err) {
    if (err instanceof jobs.EngineError) return { ok: false, message: err.message };
    throw err;
  }
  const list = [...transferables(result.value)];
  // Piscina.move() marks the wrapper: piscina transfers `list` and answers with `result`.
  return Piscina.move({
    get [Piscina.transferableSymbol]() {
      return list;
    },
    get [Piscina.valueSymbol]() {
      return result;
    },
  });
};
