/**
 * The jobs an engine worker runs (server/engines/pool.ts, worker.mjs): plain data in, plain data
 * out. Nothing here touches the database, the blob store or the network.
 */
import { renderFiles, type InputFiles, type RenderJob } from '../tasks/render';
import { trainFiles, type TrainingJob } from '../studio/trainerEngine';
import { encodeWav } from './audio';
import { songPcm, type SongRequest } from './song';
import { speechPcm, type SpeechRequest } from './speech';
import { tagsOf } from './analysis';
import { decodeImage, fromPng } from './bitmap';
import { animate, videoSize } from './video';
import { renderImage, type ImageRequest } from './image';

export { EngineError } from './bitmap';

/** A WAV file and its length in samples. */
export interface RenderedWav {
  readonly wav: Uint8Array;
  readonly samples: number;
}

export const speechWav = (req: SpeechRequest): RenderedWav => {
  const pcm = speechPcm(req);
  return { wav: encodeWav(pcm), samples: pcm.length };
};

export const songWav = (req: SongRequest): RenderedWav => {
  const pcm = songPcm(req);
  return { wav: encodeWav(pcm), samples: pcm.length };
};

export const image = (req: ImageRequest) => renderImage(req);

export const render = (arg: { job: RenderJob; inputs: InputFiles }) => renderFiles(arg.job, arg.inputs);

export const train = (arg: TrainingJob) => trainFiles(arg);

/** The auto-tags of an image file (LoRA data sets). */
export const tagImage = async (bytes: Uint8Array): Promise<string[]> => tagsOf(await decodeImage(bytes));

/** A still's looping pan-and-zoom animation (a square video card's playable file). */
export const animateStill = async (arg: {
  readonly png: Uint8Array;
  readonly seed: number;
  readonly longSide: number;
  readonly frames: number;
  readonly delayCs: number;
}): Promise<{ readonly gif: Uint8Array }> => {
  const still = await fromPng(arg.png);
  const size = videoSize(still.width, still.height, arg.longSide);
  const a = animate({
    still,
    motion: 'kenBurns',
    seed: arg.seed,
    ...size,
    frames: arg.frames,
    delayCs: arg.delayCs,
  });
  return { gif: a.gif };
};
