import { forwardRef, useState } from 'react';
import styles from './Avatar.module.css';
import { cx } from './cx';
import { Picture, type PictureSource } from './Picture';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** The side of each avatar size in CSS px (Avatar.module.css): what a caller fetches the picture for. */
export const AVATAR_PX: Readonly<Record<AvatarSize, number>> = { xs: 24, sm: 32, md: 40, lg: 56, xl: 96 };

export interface AvatarProps {
  src?: string | null;
  /**
   * Smaller, modern-format versions of `src` for the avatar's side, given as they are (an avatar is
   * small and mounted many times: the caller gives the one set every browser is assumed to take,
   * which the picture carries as its own srcset, one element instead of four).
   */
  sources?: readonly PictureSource[];
  /** The person's name: the accessible name, and the source of the initials fallback. */
  name: string;
  size?: AvatarSize;
  /** A decoration frame image drawn around the avatar (transparent centre, square). */
  frameUrl?: string | null;
  /** Smaller, modern-format versions of `frameUrl` for the avatar's side, as `sources`. */
  frameSources?: readonly PictureSource[];
  /** Mark as decorative when the name is already next to it (no role="img"). */
  decorative?: boolean;
  className?: string;
}

/** Up to two initials: first letters of the first and last words (whole code points, so CJK and emoji work). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const first = words[0];
  if (!first) return '';
  const head = (w: string) => Array.from(w)[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return (head(first) + (last ? head(last) : '')).toLocaleUpperCase();
}

/**
 * A round picture of a person over their initials: the initials are painted first and the picture,
 * once it arrives, covers them; a picture that fails to load is dropped, leaving the initials.
 * Plain elements rather than Radix's Avatar: Radix follows each picture's loading with a probe
 * image and two state changes (loaded, fallback delay), which re-render every avatar of a list
 * twice after it mounts; the square mounts one with each card as it scrolls (bench/squareScroll.ts).
 */
export const Avatar = forwardRef<HTMLSpanElement, AvatarProps>(function Avatar(
  { src, sources, name, size = 'md', frameUrl, frameSources, decorative = false, className },
  ref,
) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <span
      ref={ref}
      className={cx(styles.wrap, styles[size], frameUrl && styles.framed, className)}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
    >
      <span className={styles.avatar}>
        <span className={styles.fallback} aria-hidden="true">
          {initialsOf(name)}
        </span>
        {src && failed !== src ? (
          <Picture
            className={styles.image}
            src={src}
            sources={sources}
            sizes={`${AVATAR_PX[size]}px`}
            width={AVATAR_PX[size]}
            height={AVATAR_PX[size]}
            alt=""
            draggable={false}
            onError={() => setFailed(src)}
          />
        ) : null}
      </span>
      {frameUrl ? (
        <Picture
          className={styles.frame}
          src={frameUrl}
          sources={frameSources}
          sizes={`${AVATAR_PX[size]}px`}
          width={AVATAR_PX[size]}
          height={AVATAR_PX[size]}
          alt=""
          aria-hidden="true"
          draggable={false}
        />
      ) : null}
    </span>
  );
});
