import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { people } from '../../../domain/index.js';
import { VisuallyHidden } from '../../ui';
import styles from './Social.module.css';

const WIDTH = 300;
const HEIGHT = 100;

/**
 * Earnings of the last 30 days as bars (SVG, no chart library), named by a summary for screen
 * readers, with the same figures as a table for assistive technology.
 */
export const EarningsChart = ({ stats }: { readonly stats: people.Stats }) => {
  const intl = useIntl();
  const series = useMemo(() => people.earningsSeries(stats.byDay, stats.asOf), [stats]);
  const bars = useMemo(() => people.chartBars(series, WIDTH, HEIGHT), [series]);
  const total = series.reduce((a, p) => a + p.amount, 0);
  const day = (ms: number) => intl.formatDate(ms, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const first = series[0];
  const last = series[series.length - 1];
  const summary = intl.formatMessage(
    { id: 'personal.chart.summary' },
    { days: series.length, total, from: first ? day(first.day) : '', to: last ? day(last.day) : '' },
  );
  return (
    <figure className={styles.chartCard} data-testid="earnings-chart">
      <figcaption>
        <h2 className={styles.chartTitle}>
          <FormattedMessage id="personal.chart.title" />
        </h2>
        <span className={styles.muted}>{summary}</span>
      </figcaption>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
      >
        <line
          x1="0"
          y1={HEIGHT - 0.5}
          x2={WIDTH}
          y2={HEIGHT - 0.5}
          stroke="currentColor"
          strokeOpacity="0.3"
        />
        {bars.map((b) =>
          b.height > 0 ? (
            <rect
              key={b.point.day}
              x={b.x}
              y={b.y}
              width={b.width}
              height={b.height}
              rx="1"
              fill="currentColor"
            >
              <title>
                {day(b.point.day)}: {intl.formatNumber(b.point.amount)}
              </title>
            </rect>
          ) : null,
        )}
      </svg>
      <div className={styles.chartAxis} aria-hidden="true">
        <span>{first ? day(first.day) : ''}</span>
        <span>{last ? day(last.day) : ''}</span>
      </div>
      <VisuallyHidden>
        <table>
          <caption>
            <FormattedMessage id="personal.chart.title" />
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="personal.chart.day" />
              </th>
              <th scope="col">
                <FormattedMessage id="personal.chart.amount" />
              </th>
            </tr>
          </thead>
          <tbody>
            {series.map((p) => (
              <tr key={p.day}>
                <td>{day(p.day)}</td>
                <td>{intl.formatNumber(p.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
};
