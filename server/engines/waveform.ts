/**
 * A cover for audio results: the prompt's rendered scene, darkened, with the waveform drawn as
 * mirrored RMS bars across it, so an audio task has an image to show in lists and cards.
 */
import { fromPng, encodePng, type Bitmap } from './bitmap';
import { renderImage } from './image';

export const waveformCover = async (
  samples: Float32Array,
  prompt: string,
  seed: number,
  width = 512,
): Promise<{ png: Buffer; width: number; height: number }> => {
  const scene = await fromPng(renderImage({ prompt, seed, aspectRatio: '2:1', longSide: width }).png);
  const out: Bitmap = scene;
  const { height } = out;
  const cols = Math.floor(out.width / 4);
  const per = Math.max(1, Math.floor(samples.length / cols));
  const levels: number[] = [];
  let max = 1e-9;
  for (let c = 0; c < cols; c++) {
    let s = 0;
    for (let i = c * per; i < Math.min(samples.length, (c + 1) * per); i++) s += samples[i]! * samples[i]!;
    const rms = Math.sqrt(s / per);
    levels.push(rms);
    max = Math.max(max, rms);
  }
  for (let i = 0; i < out.data.length; i += 4)
    for (let k = 0; k < 3; k++) out.data[i + k] = out.data[i + k]! * 0.45;
  const mid = height / 2;
  for (let c = 0; c < cols; c++) {
    const half = Math.max(1, (levels[c]! / max) * height * 0.42);
    for (let x = c * 4; x < c * 4 + 3 && x < out.width; x++)
      for (let y = Math.floor(mid - half); y <= Math.ceil(mid + half); y++) {
        if (y < 0 || y >= height) continue;
        const o = (y * out.width + x) * 4;
        out.data[o] = 235;
        out.data[o + 1] = 240;
        out.data[o + 2] = 255;
      }
  }
  return { png: await encodePng(out), width: out.width, height };
};
