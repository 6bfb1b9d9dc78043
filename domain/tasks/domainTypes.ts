/**
 * Spec §3 "task domain types 0 to 25 (text to image, upscale, text to video, lip sync, text to
 * music and so on). The label maps are not shown." This is our table: the first five follow
 * the spec's order, the rest are the tools spec §2 and §7 name (filter, upscaler, remove
 * background, eraser, face swap, scribble, dance, makeup, ultra HD, workflows, training,
 * portrait, storyboard, comic) and the audio kinds of §9. Each type has a stable key, an i18n
 * label key and the kind of media it produces.
 */
export type TaskOutputKind = 'image' | 'video' | 'audio' | 'model';

export interface TaskDomainTypeInfo {
  readonly id: number;
  readonly key: string;
  readonly labelKey: string;
  readonly output: TaskOutputKind;
}

const row = (id: number, key: string, output: TaskOutputKind): TaskDomainTypeInfo => ({
  id,
  key,
  labelKey: `tasks.domainType.${key}`,
  output,
});

export const TASK_DOMAIN_TYPES: readonly TaskDomainTypeInfo[] = [
  row(0, 'textToImage', 'image'),
  row(1, 'upscale', 'image'),
  row(2, 'textToVideo', 'video'),
  row(3, 'lipSync', 'video'),
  row(4, 'textToMusic', 'audio'),
  row(5, 'imageToImage', 'image'),
  row(6, 'imageToVideo', 'video'),
  row(7, 'removeBackground', 'image'),
  row(8, 'aiFilter', 'image'),
  row(9, 'textToSpeech', 'audio'),
  row(10, 'magicEraser', 'image'),
  row(11, 'faceSwap', 'image'),
  row(12, 'scribbleToImage', 'image'),
  row(13, 'aiDance', 'video'),
  row(14, 'aiMakeup', 'image'),
  row(15, 'ultraHd', 'image'),
  row(16, 'comfyuiWorkflow', 'image'),
  row(17, 'loraTraining', 'model'),
  row(18, 'aiPortrait', 'image'),
  row(19, 'storyboard', 'image'),
  row(20, 'comic', 'image'),
  row(21, 'vocalSong', 'audio'),
  row(22, 'soundEffect', 'audio'),
  row(23, 'imageExpand', 'image'),
  row(24, 'colorize', 'image'),
  row(25, 'lineArt', 'image'),
];

export const MIN_DOMAIN_TYPE = 0;
export const MAX_DOMAIN_TYPE = 25;

export const isDomainType = (n: number): boolean =>
  Number.isInteger(n) && n >= MIN_DOMAIN_TYPE && n <= MAX_DOMAIN_TYPE;

/** The row of a domain type; an unknown number (a newer server) gets a generic label. */
export const domainTypeInfo = (n: number): TaskDomainTypeInfo =>
  TASK_DOMAIN_TYPES[n] ?? { id: n, key: 'unknown', labelKey: 'tasks.domainType.unknown', output: 'image' };

/** The i18n key of a domain type's label. */
export const domainTypeLabelKey = (n: number): string => domainTypeInfo(n).labelKey;

/** The numbers by key, for code that names a type (the table above is the source of truth; a test checks they agree). */
export const DOMAIN_TYPE = {
  textToImage: 0,
  upscale: 1,
  textToVideo: 2,
  lipSync: 3,
  textToMusic: 4,
  imageToImage: 5,
  imageToVideo: 6,
  removeBackground: 7,
  aiFilter: 8,
  textToSpeech: 9,
  magicEraser: 10,
  faceSwap: 11,
  scribbleToImage: 12,
  aiDance: 13,
  aiMakeup: 14,
  ultraHd: 15,
  comfyuiWorkflow: 16,
  loraTraining: 17,
  aiPortrait: 18,
  storyboard: 19,
  comic: 20,
  vocalSong: 21,
  soundEffect: 22,
  imageExpand: 23,
  colorize: 24,
  lineArt: 25,
} as const;
export type DomainTypeKey = keyof typeof DOMAIN_TYPE;
