/** The players of the audio and video pages: keyboard-operable controls with the duration shown as m:ss. */
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { details, images } from '../../../domain/index.js';
import { EmptyState, IconButton, Picture, Slider } from '../../ui';
import styles from './Details.module.css';

const PlayIcon = () => (
  <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
    <path d="M4.5 2.8v10.4L13 8z" fill="currentColor" />
  </svg>
);
const PauseIcon = () => (
  <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
    <path d="M4 3h3v10H4zM9 3h3v10H9z" fill="currentColor" />
  </svg>
);

const NoMedia = () => <EmptyState level={3} title={<FormattedMessage id="details.player.none" />} />;

/** How wide an audio work's cover is shown at most (Details.module.css `.audioCover`). */
const AUDIO_COVER_PX = 360;

/** An audio work: its cover, play and pause, a seek slider, and the time played of the whole. */
export const AudioPlayer = ({ item }: { readonly item: details.DetailItem }) => {
  const intl = useIntl();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(item.media?.duration ?? 0);
  if (item.media === null) return <NoMedia />;
  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play();
    else el.pause();
  };
  return (
    <div className={styles.player} data-testid="audio-player">
      {item.cover && (
        <Picture
          className={styles.audioCover}
          {...images.pictureOf(item.cover.url, AUDIO_COVER_PX, item.cover.width)}
          width={item.cover.width}
          height={item.cover.height}
          alt={item.title}
          priority
        />
      )}
      {/* The engine's audio works are instrumental songs: there is no speech to caption. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio
        ref={audio}
        src={item.media.url}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => {
          if (Number.isFinite(e.currentTarget.duration)) setDuration(e.currentTarget.duration);
        }}
        data-testid="audio-element"
      />
      <div className={styles.controls}>
        <IconButton
          label={intl.formatMessage({ id: playing ? 'details.player.pause' : 'details.player.play' })}
          onClick={toggle}
          variant="primary"
          data-testid="player-toggle"
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </IconButton>
        <Slider
          label={intl.formatMessage({ id: 'details.player.seek' })}
          hideLabel
          showValue={false}
          min={0}
          max={Math.max(duration, 0.1)}
          step={0.1}
          value={Math.min(time, duration)}
          formatValue={(v) => details.formatDuration(v)}
          onValueChange={(v) => {
            setTime(v);
            if (audio.current) audio.current.currentTime = v;
          }}
        />
        <span className={styles.time} data-testid="player-time">
          {details.formatDuration(time)} / {details.formatDuration(duration)}
        </span>
      </div>
    </div>
  );
};

/**
 * A video work. The engine renders videos as looping animations (an animated GIF), so playing
 * shows the animation and pausing shows its still cover; the loop's length is shown.
 */
export const VideoPlayer = ({ item }: { readonly item: details.DetailItem }) => {
  const intl = useIntl();
  const [playing, setPlaying] = useState(true);
  if (item.media === null) return <NoMedia />;
  const still = item.cover?.url ?? null;
  const src = playing || still === null ? item.media.url : still;
  return (
    <div className={styles.player} data-testid="video-player" data-playing={playing}>
      <div className={styles.playerStage}>
        {/* The animation is played as it is (a variant of it would be its first frame). */}
        <img
          src={src}
          alt={item.title}
          width={item.media.width ?? undefined}
          height={item.media.height ?? undefined}
          data-testid="video-frame"
        />
      </div>
      <div className={styles.controls}>
        <IconButton
          label={intl.formatMessage({ id: playing ? 'details.player.pause' : 'details.player.play' })}
          onClick={() => setPlaying((p) => !p)}
          variant="primary"
          data-testid="player-toggle"
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </IconButton>
        <span className={styles.time}>
          <FormattedMessage
            id="details.player.loop"
            values={{ length: details.formatDuration(item.media.duration) }}
          />
        </span>
      </div>
    </div>
  );
};
