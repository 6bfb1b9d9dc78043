/**
 * The engine pool: every CPU-heavy engine job (speech and song synthesis, image, video and GIF
 * rendering, filters, matting, the LoRA trainer's file) runs in worker threads through piscina,
 * so the event loop only does I/O. Jobs take and return plain data (typed arrays and Buffers;
 * results are transferred, not copied). Sized for a small machine: at most ENGINE_THREADS
 * threads (one core less than the machine has, at most 2), started on demand, stopped after 30 s idle.
 *
 * The jobs' image work goes through sharp, whose libvips threads do the pixels; this module loads
 * sharp in the thread that owns the pool (through ./bitmap), so libvips stays loaded when an idle
 * worker exits (https://sharp.pixelplumbing.com/install#worker-threads).
 *
 * One pool per process, shared by the servers of the process (tests run several): each server
 * `acquireEngines()` at start and `release()`s in its `close()`; the last release destroys it.
 */
import os from 'node:os';
import { Piscina } from 'piscina';
import { EngineError } from './bitmap';
import type * as Jobs from './jobs';

type JobName = Exclude<keyof typeof Jobs, 'EngineError'>;
type Arg<K extends JobName> = Parameters<(typeof Jobs)[K]>[0];
type Result<K extends JobName> = Awaited<ReturnType<(typeof Jobs)[K]>>;

/** One core stays for the event loop: 1 thread on 2 cores, 2 from 3 cores up (ENGINE_THREADS overrides). */
export const ENGINE_THREADS = Math.max(
  1,
  Number(process.env.ENGINE_THREADS) || Math.min(2, os.availableParallelism() - 1),
);

/**
 * The jobs' bundle, set by scripts/build-server.mjs in the bundled server (`npm start`): a worker
 * thread imports it as it is. Under tsx (`npm run dev`, tests) there is none and the worker loads
 * the TypeScript jobs through tsx's loader (0.55 core-seconds per thread against 0.12).
 */
declare const __ENGINE_JOBS_BUNDLE__: string | undefined;
const JOBS_BUNDLE = typeof __ENGINE_JOBS_BUNDLE__ === 'string' ? __ENGINE_JOBS_BUNDLE__ : null;

let pool: Piscina | null = null;
let users = 0;

const poolOf = (): Piscina => {
  pool ??= new Piscina({
    filename: new URL('./worker.mjs', import.meta.url).href,
    workerData: { jobsBundle: JOBS_BUNDLE },
    minThreads: 0,
    maxThreads: ENGINE_THREADS,
    idleTimeout: 30_000,
  });
  return pool;
};

/** Runs `name` in a worker; an engine's EngineError is thrown again here as an EngineError. */
export const runEngine = async <K extends JobName>(name: K, arg: Arg<K>): Promise<Result<K>> => {
  const r = (await poolOf().run({ name, arg })) as
    { ok: true; value: Result<K> } | { ok: false; message: string };
  if (!r.ok) throw new EngineError(r.message);
  return r.value;
};

/** A Buffer view of bytes that crossed a thread (structured clone turns Buffers into Uint8Arrays). */
export const asBuffer = (u: Uint8Array): Buffer =>
  Buffer.isBuffer(u) ? u : Buffer.from(u.buffer, u.byteOffset, u.byteLength);

export interface EngineLease {
  readonly release: () => Promise<void>;
}

export const acquireEngines = (): EngineLease => {
  users += 1;
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      users -= 1;
      if (users > 0 || pool === null) return;
      const p = pool;
      pool = null;
      await p.destroy();
    },
  };
};
