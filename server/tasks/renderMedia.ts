/**
 * The moving-picture and sound engines of a task render (server/tasks/render.ts): video from a
 * prompt, an animated image, lip sync, songs, speech and sound effects. Each writes its files
 * through the render context (GIF, WAV with a waveform cover) and returns the task's `task_return`
 * (or null).
 */
import type { SongEmotion, SongInstrument, SongStyle, Voice } from '../../infrastructure/contract/streaming';
import { loudnessPerFrame, sfxKindOf, synthesizeSfx } from '../engines/audio';
import { synthesizeSong } from '../engines/song';
import { fromPng } from '../engines/bitmap';
import { renderImage } from '../engines/image';
import { animate, videoSize } from '../engines/video';
import { AUDIO_DEFAULT_DURATION, VIDEO, videoTierOf } from './options';
import type { RenderContext } from './renderKit';

/** The video engine. */
export const renderVideo = async (c: RenderContext): Promise<string | null> => {
  const { job, p, prompt, saveGif } = c;
  const [rw, rh] = job.aspectRatio.split(':').map(Number);
  const still = await fromPng(
    renderImage({ prompt, seed: job.seed, aspectRatio: job.aspectRatio, longSide: 512 }).png,
  );
  const size = videoSize(rw ?? 16, rh ?? 9, VIDEO.longSide);
  const a = animate({
    still,
    motion: 'kenBurns',
    seed: job.seed,
    ...size,
    frames: videoTierOf(p.tier).frames,
    delayCs: VIDEO.delayCs,
  });
  await saveGif(a.gif, a.width, a.height, a.frames, a.durationS);
  return null;
};

/** The animate engine. */
export const animateImage = async (c: RenderContext): Promise<string | null> => {
  const { job, spec, p, input, saveGif } = c;
  const still = await input();
  const size = videoSize(still.width, still.height, VIDEO.longSide);
  const a = animate({
    still,
    motion: spec.key === 'aiDance' ? 'sway' : 'kenBurns',
    seed: job.seed,
    ...size,
    frames: spec.key === 'aiDance' ? VIDEO.frames : videoTierOf(p.tier).frames,
    delayCs: VIDEO.delayCs,
  });
  await saveGif(a.gif, a.width, a.height, a.frames, a.durationS);
  return null;
};

/** The lipSync engine. */
export const renderLipSync = async (c: RenderContext): Promise<string | null> => {
  const { job, input, saveWav, saveGif, speak } = c;
  const still = await input();
  const speech = speak(6);
  const frames = Math.min(60, Math.max(4, Math.ceil(speech.durationS * VIDEO.fps)));
  const mouth = loudnessPerFrame(speech.samples, frames, 1 / VIDEO.fps);
  const size = videoSize(still.width, still.height, VIDEO.longSide);
  const a = animate({
    still,
    motion: 'lipSync',
    seed: job.seed,
    ...size,
    frames,
    delayCs: VIDEO.delayCs,
    mouth,
  });
  await saveGif(a.gif, a.width, a.height, a.frames, a.durationS);
  await saveWav(speech.samples);
  return null;
};

/** The song engine. */
export const renderSong = async (c: RenderContext): Promise<string | null> => {
  const { job, spec, p, prompt, saveAudio } = c;
  const samples = synthesizeSong({
    prompt,
    seed: job.seed,
    style: (p.style as SongStyle | undefined) ?? 'pop',
    emotion: (p.emotion as SongEmotion | undefined) ?? 'happy',
    instrument: (p.instrument as SongInstrument | undefined) ?? 'piano',
    voice: spec.key === 'vocalSong' ? ((p.voice as Voice | undefined) ?? 'female') : null,
    durationS: p.duration ?? AUDIO_DEFAULT_DURATION,
  });
  await saveAudio(samples, prompt);
  return `${p.style ?? 'pop'} / ${p.emotion ?? 'happy'} / ${p.instrument ?? 'piano'}`;
};

/** The speech engine. */
export const renderSpeech = async (c: RenderContext): Promise<string | null> => {
  const { job, saveAudio, speak } = c;
  await saveAudio(speak(10).samples, job.prompt);
  return null;
};

/** The sfx engine. */
export const renderSfx = async (c: RenderContext): Promise<string | null> => {
  const { job, p, saveAudio } = c;
  await saveAudio(synthesizeSfx(job.prompt, job.seed, p.duration ?? 2), job.prompt);
  return sfxKindOf(job.prompt);
};
