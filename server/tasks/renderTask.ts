/**
 * A task's render, as the task runner sees it: reads the input files, runs the engine in a
 * worker thread (./render.ts through server/engines/pool.ts) and stores the outputs in a private
 * folder `tasks/<id>/<random>/` (blobs/store.ts `privateFolder`): the event loop only does the I/O.
 */
import type { TaskImageUri, TaskMedia } from '../../infrastructure/contract/tasks';
import { privateFolder, type BlobStore } from '../blobs/store';
import { runEngine } from '../engines/pool';
import { inputKeysOf, type RenderJob, type RenderOutput } from './render';

export const renderTask = async (blobs: BlobStore, job: RenderJob): Promise<RenderOutput> => {
  const inputs: Record<string, Uint8Array | null> = {};
  for (const key of inputKeysOf(job.params)) inputs[key] ??= await blobs.get(key);
  const rendered = await runEngine('render', { job, inputs });
  const images: TaskImageUri[] = [];
  const media: TaskMedia[] = [];
  const folder = privateFolder('tasks', job.id);
  for (const [n, f] of rendered.files.entries()) {
    const key = `${folder}/${n}.${f.ext}`;
    await blobs.put(key, f.bytes);
    const url = blobs.urlOf(key);
    if (f.ext === 'png') {
      images.push({ url, width: f.width, height: f.height });
      media.push({ url, kind: 'image', content_type: 'image/png', width: f.width, height: f.height });
    } else if (f.ext === 'wav') {
      media.push({ url, kind: 'audio', content_type: 'audio/wav', duration: f.duration });
    } else {
      const { width, height, frames, duration } = f;
      images.push({ url, width, height });
      media.push({ url, kind: 'video', content_type: 'image/gif', width, height, duration, frames });
    }
  }
  return { images, media, taskReturn: rendered.taskReturn };
};
