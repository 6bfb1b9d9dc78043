/** Commands of downloads (spec §4, §8). */
import { defineCommand } from '../store/commands';

export const downloadImage = defineCommand<DownloadImagePayload>()('downloads/image');

// ---- downloads (spec §4, §8)
export interface DownloadImagePayload {
  readonly url: string;
  readonly scene: string;
  /** The saved file's name; by default the last part of the URL's path. */
  readonly fileName?: string;
}
