/**
 * The video editor's timeline (spec §3 storyboard and audio items, §4 editor): building clips,
 * reordering them, trimming their start and end, offsetting and muting audio tracks, and where the
 * preview is at a moment of the timeline. Times are seconds. A storyboard item plays
 * `end - start` seconds of its material; clips play one after another in `index` order; an audio
 * track starts `offset` seconds into the timeline and plays `duraction` seconds.
 */
import { STORYBOARD_TYPE, type AudioItem, type StoryboardItem, type StoryboardType } from './rules.js';

/** How long an image clip shows when added (its material has no length of its own). */
export const IMAGE_CLIP_SECONDS = 3;
/** The shortest clip a trim leaves, so a clip never vanishes from the timeline. */
export const MIN_CLIP_SECONDS = 0.5;
/** The longest material an image clip may be stretched to. */
export const MAX_IMAGE_CLIP_SECONDS = 60;

const finiteOr = (n: number, fallback: number): number => (Number.isFinite(n) ? n : fallback);
const round3 = (n: number): number => Math.round(n * 1000) / 1000;

export interface NewClip {
  readonly id: string;
  readonly url: string;
  readonly kind: 'video' | 'image';
  /** The material's length in seconds; null for an image or an unknown video length. */
  readonly durationS: number | null;
  readonly materialId: string;
  readonly title: string;
}

/**
 * A GIF added as an image clip shows for the image length until its frames are known; then it
 * takes one play of the GIF (`durationS`, within the image bounds). Only clips of that address
 * still as added (the image length, untrimmed) change, and of those only the ids in `only` when it
 * is given (the clips just added): a length the person chose stays. Null when nothing changes.
 */
export const withGifLength = (
  storyboards: readonly StoryboardItem[],
  url: string,
  durationS: number,
  only?: ReadonlySet<string>,
): readonly StoryboardItem[] | null => {
  if (!Number.isFinite(durationS) || durationS <= 0) return null;
  const length = round3(Math.min(MAX_IMAGE_CLIP_SECONDS, Math.max(MIN_CLIP_SECONDS, durationS)));
  let changed = false;
  const next = storyboards.map((s) => {
    const asAdded = s.duraction === IMAGE_CLIP_SECONDS && s.start === 0 && s.end === IMAGE_CLIP_SECONDS;
    if (s.url !== url || s.type !== STORYBOARD_TYPE.image || !asAdded || length === s.duraction) return s;
    if (only !== undefined && !only.has(s.id)) return s;
    changed = true;
    return { ...s, duraction: length, end: length };
  });
  return changed ? next : null;
};

/** A storyboard item for a piece of material, at the end of the list. */
export const newStoryboardItem = (clip: NewClip, index: number): StoryboardItem => {
  const type: StoryboardType = clip.kind === 'video' ? STORYBOARD_TYPE.video : STORYBOARD_TYPE.image;
  const length =
    clip.durationS !== null && clip.durationS > 0
      ? Math.min(clip.durationS, 600)
      : clip.kind === 'image'
        ? IMAGE_CLIP_SECONDS
        : IMAGE_CLIP_SECONDS;
  const duraction = round3(Math.max(MIN_CLIP_SECONDS, length));
  return {
    clip_info: { title: clip.title },
    duraction,
    material_id: clip.materialId,
    url: clip.url,
    type,
    index,
    start: 0,
    end: duraction,
    id: clip.id,
    offset: 0,
  };
};

export interface NewAudio {
  readonly id: string;
  readonly url: string;
  readonly durationS: number;
  readonly materialId: string;
  readonly title: string;
}

export const newAudioItem = (a: NewAudio): AudioItem => ({
  clip_info: {},
  duraction: round3(Math.max(0.1, finiteOr(a.durationS, 1))),
  material_id: a.materialId,
  offset: 0,
  url: a.url,
  title: a.title.slice(0, 200),
  isMute: false,
  id: a.id,
});

/** Clips in play order: by `index`, ties kept in list order. */
export const orderedClips = (items: readonly StoryboardItem[]): readonly StoryboardItem[] =>
  items
    .map((item, at) => ({ item, at }))
    .sort((a, b) => a.item.index - b.item.index || a.at - b.at)
    .map((x) => x.item);

/** The list in play order with `index` renumbered 0..n-1. */
export const reindex = (items: readonly StoryboardItem[]): readonly StoryboardItem[] =>
  orderedClips(items).map((item, index) => (item.index === index ? item : { ...item, index }));

/** Moves the clip at play position `from` to position `to` (both clamped); indexes renumbered. */
export const moveClip = (
  items: readonly StoryboardItem[],
  from: number,
  to: number,
): readonly StoryboardItem[] => {
  const list = [...orderedClips(items)];
  if (list.length === 0) return list;
  const clamp = (n: number) => Math.min(list.length - 1, Math.max(0, Math.trunc(finiteOr(n, 0))));
  const source = clamp(from);
  const target = clamp(to);
  const [moved] = list.splice(source, 1);
  if (moved !== undefined) list.splice(target, 0, moved);
  // Renumbered by their new places (not sorted by their old indexes, which would undo the move).
  return list.map((item, index) => (item.index === index ? item : { ...item, index }));
};

/** Removes a clip; the others keep their order. */
export const removeClip = (items: readonly StoryboardItem[], id: string): readonly StoryboardItem[] =>
  reindex(items.filter((c) => c.id !== id));

/**
 * Trims a clip to [start, end] of its material: 0 <= start, end <= duraction and at least
 * MIN_CLIP_SECONDS between them (less when the material itself is shorter). An image's material can
 * be stretched: its `duraction` follows a longer `end` up to MAX_IMAGE_CLIP_SECONDS.
 */
export const trimClip = (item: StoryboardItem, start: number, end: number): StoryboardItem => {
  const isImage = item.type === STORYBOARD_TYPE.image;
  const material = isImage
    ? Math.min(MAX_IMAGE_CLIP_SECONDS, Math.max(item.duraction, finiteOr(end, item.end)))
    : item.duraction;
  const minLength = Math.min(MIN_CLIP_SECONDS, material);
  const s = Math.min(Math.max(0, finiteOr(start, item.start)), material - minLength);
  const e = Math.max(Math.min(material, finiteOr(end, item.end)), s + minLength);
  return { ...item, duraction: round3(material), start: round3(s), end: round3(e) };
};

/** Seconds a clip plays. */
export const clipLength = (item: StoryboardItem): number => Math.max(0, item.end - item.start);

/** The timeline's length: its clips back to back, or the end of its last audio track if later. */
export const timelineDuration = (
  storyboards: readonly StoryboardItem[],
  audios: readonly AudioItem[] = [],
): number => {
  const video = storyboards.reduce((sum, c) => sum + clipLength(c), 0);
  const audio = audios.reduce((end, a) => Math.max(end, a.offset + a.duraction), 0);
  return round3(Math.max(video, audio));
};

export interface ClipAt {
  readonly item: StoryboardItem;
  readonly position: number;
  /** Seconds since the timeline's start where this clip begins. */
  readonly startsAt: number;
  /** The moment of the material to show: start + time into the clip. */
  readonly materialTime: number;
}

/** The clip the preview shows at `t` seconds, or null past the last clip (or with none). */
export const clipAt = (storyboards: readonly StoryboardItem[], t: number): ClipAt | null => {
  if (!Number.isFinite(t) || t < 0) return null;
  let startsAt = 0;
  const ordered = orderedClips(storyboards);
  for (let position = 0; position < ordered.length; position++) {
    const item = ordered[position]!;
    const length = clipLength(item);
    if (t < startsAt + length) return { item, position, startsAt, materialTime: item.start + (t - startsAt) };
    startsAt += length;
  }
  return null;
};

export interface AudioAt {
  readonly item: AudioItem;
  /** Seconds into the track. */
  readonly trackTime: number;
}

/** The audible tracks at `t`: those not muted whose span [offset, offset + duraction) holds t. */
export const audiosAt = (audios: readonly AudioItem[], t: number): readonly AudioAt[] =>
  audios
    .filter((a) => !a.isMute && t >= a.offset && t < a.offset + a.duraction)
    .map((item) => ({ item, trackTime: t - item.offset }));

/** Where a track starts on the timeline: never before 0. */
export const setAudioOffset = (item: AudioItem, offset: number): AudioItem => {
  const next = round3(Math.max(0, finiteOr(offset, item.offset)));
  return next === item.offset ? item : { ...item, offset: next };
};

export const toggleMute = (item: AudioItem): AudioItem => ({ ...item, isMute: !item.isMute });

/** Replaces the item with the same id (the list's order kept). */
export const replaceById = <T extends { readonly id: string }>(list: readonly T[], next: T): readonly T[] =>
  list.map((x) => (x.id === next.id ? next : x));
