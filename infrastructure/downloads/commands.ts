/** Commands of downloads (spec §4, §8). */
import type { feed } from '../../domain/index.js';
import { defineCommand } from '../store/commands';

export const downloadImage = defineCommand<DownloadImagePayload>()('downloads/image');

// ---- downloads (spec §4, §8)
export interface DownloadImagePayload {
  readonly url: string;
  readonly scene: string;
  /** The saved file's name; by default the last part of the URL's path. */
  readonly fileName?: string;
  /**
   * The generation parameters as the "parameters" text of Stable Diffusion front ends
   * (domain `tasks.parametersText`), for the saved file to keep (a PNG's tEXt chunk).
   */
  readonly parameters?: string;
  /**
   * What made the image: kept inside a PNG (a "parameters" text chunk), or beside any other
   * file as a JSON file of the same name.
   */
  readonly generation?: feed.CardGeneration;
}
