import { FormattedMessage, useIntl } from 'react-intl';
import { audio } from '../../../domain/index.js';
import {
  pauseAudioStream,
  resumeAudioStream,
  stopAudioStream,
} from '../../../infrastructure/streaming/commands';
import { downloadStreamAudio } from '../../../infrastructure/studio/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Badge, Button, Card } from '../../ui';
import styles from './Studio.module.css';
import { usePlayback, useStreamError, useStreamId, useStreamPeaks, useStreamStatus } from './useStudio';

const BARS = 64;

/** The waveform: one bar per chunk received (its peak), squeezed to 64 bars. */
export const Waveform = ({ peaks }: { readonly peaks: readonly number[] }) => {
  const intl = useIntl();
  const bars = audio.downsamplePeaks(peaks, BARS);
  return (
    <div
      className={styles.waveform}
      role="img"
      aria-label={intl.formatMessage({ id: 'audioStudio.waveform' })}
      data-testid="waveform"
      data-bars={bars.length}
    >
      {bars.length === 0
        ? Array.from({ length: 24 }, (_, i) => (
            <span key={i} className={styles.bar} data-pending style={{ blockSize: '8%' }} />
          ))
        : bars.map((p, i) => (
            <span
              key={i}
              className={styles.bar}
              style={{ blockSize: `${Math.max(6, Math.round(p * 100))}%` }}
            />
          ))}
    </div>
  );
};

/**
 * The streamed audio (spec §4 statuses start, paused, over, error): its waveform as chunks arrive,
 * pause and resume of the playback, stop, and the download once it is over (spec §9 file name).
 */
export const StreamPlayer = () => {
  const dispatch = useAppDispatch();
  const status = useStreamStatus();
  const errorKey = useStreamError();
  const peaks = useStreamPeaks();
  const playback = usePlayback();
  const streamId = useStreamId();
  if (status === 'idle' || streamId === null) return null;
  const mine = playback !== null && playback.streamId === streamId ? playback.status : null;
  const paused = mine === 'paused' || status === 'paused';
  const receiving = status === 'start' || status === 'paused';
  const canToggle = receiving || mine === 'playing' || mine === 'paused';
  const statusKey =
    status === 'error'
      ? 'audioStudio.status.error'
      : paused
        ? 'audioStudio.status.paused'
        : mine === 'ended'
          ? 'audioStudio.status.ended'
          : receiving
            ? 'audioStudio.status.streaming'
            : 'audioStudio.status.playing';
  return (
    <Card padding="md" aria-live="polite" data-testid="stream-player">
      <div className={styles.form}>
        <div className={styles.row}>
          <Badge
            tone={status === 'error' ? 'danger' : paused ? 'warning' : 'accent'}
            data-testid="stream-status"
            data-status={paused ? 'paused' : (mine ?? status)}
          >
            <FormattedMessage id={statusKey} />
          </Badge>
          <span className={styles.muted}>
            <FormattedMessage id="audioStudio.chunks" values={{ count: peaks.length }} />
          </span>
        </div>
        <Waveform peaks={peaks} />
        {errorKey !== null && errorKey !== 'audio.streamStopped' && (
          <p className={styles.error} role="alert">
            <FormattedMessage id={errorKey} />
          </p>
        )}
        <div className={styles.row}>
          {canToggle &&
            (paused ? (
              <Button variant="primary" onClick={() => dispatch(resumeAudioStream({}))} data-testid="resume">
                <FormattedMessage id="audioStudio.resume" />
              </Button>
            ) : (
              <Button onClick={() => dispatch(pauseAudioStream({}))} data-testid="pause">
                <FormattedMessage id="audioStudio.pause" />
              </Button>
            ))}
          {receiving && (
            <Button variant="ghost" onClick={() => dispatch(stopAudioStream({}))}>
              <FormattedMessage id="audioStudio.stop" />
            </Button>
          )}
          {status === 'over' && (
            <Button
              variant="secondary"
              onClick={() => dispatch(downloadStreamAudio({}))}
              data-testid="download-audio"
            >
              <FormattedMessage id="audioStudio.download" />
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
};
