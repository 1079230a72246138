/**
 * A small bar chart in inline SVG, no chart library: one group of bars per label (a day, an aging bucket,
 * a product), one bar per series, negative values drawn below the zero line. The picture is for the eye;
 * the figure's caption says what it shows and the screen puts the same figures in a table beside it (a
 * screen reader reads the table; the SVG is named by the caption and each bar has a <title>).
 */
import { useId } from 'react';
import './bar-chart.css';

export interface ChartSeries {
  name: string;
  /** One value per label. */
  values: readonly number[];
  /** The bar colour: `in` (green), `out` (red), `neutral` (blue), `warn` (orange), `alert` (dark red). */
  tone: 'in' | 'out' | 'neutral' | 'warn' | 'alert';
}

const WIDTH = 640;
const HEIGHT = 240;
const LEFT = 70;
const BOTTOM = 28;
const TOP = 12;

export function BarChart({
  caption,
  labels,
  series,
  format,
  /** Show every nth label under the axis (long time series); default: all when 12 or fewer, else ~6. */
  labelEvery,
}: {
  caption: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  format: (value: number) => string;
  labelEvery?: number;
}) {
  const id = useId();
  const all = series.flatMap((s) => s.values);
  const max = Math.max(0, ...all);
  const min = Math.min(0, ...all);
  const span = max - min || 1;
  const plot = HEIGHT - TOP - BOTTOM;
  const y = (value: number) => TOP + ((max - value) / span) * plot;
  const zero = y(0);
  const group = (WIDTH - LEFT) / Math.max(labels.length, 1);
  const bar = Math.max(1, (group * 0.8) / Math.max(series.length, 1));
  const every = labelEvery ?? (labels.length <= 12 ? 1 : Math.ceil(labels.length / 6));

  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-caption`}
        preserveAspectRatio="xMidYMid meet"
      >
        <line x1={LEFT} x2={WIDTH} y1={zero} y2={zero} className="chart-axis" />
        <text x={LEFT - 6} y={y(max) + 5} className="chart-tick" textAnchor="end">
          {format(max)}
        </text>
        {min < 0 && (
          <text x={LEFT - 6} y={y(min)} className="chart-tick" textAnchor="end">
            {format(min)}
          </text>
        )}
        {max > 0 && min < 0 && (
          <text x={LEFT - 6} y={zero + 5} className="chart-tick" textAnchor="end">
            {format(0)}
          </text>
        )}
        {labels.map((label, index) => {
          const x0 = LEFT + index * group + group * 0.1;
          return (
            <g key={`${label}-${index}`}>
              {series.map((s, n) => {
                const value = s.values[index] ?? 0;
                const top = Math.min(y(value), zero);
                return (
                  <rect
                    key={s.name}
                    x={x0 + n * bar}
                    y={top}
                    width={bar}
                    height={Math.max(Math.abs(y(value) - zero), value === 0 ? 0 : 1)}
                    className={`chart-bar chart-${s.tone}`}
                  >
                    <title>{`${label}, ${s.name}: ${format(value)}`}</title>
                  </rect>
                );
              })}
              {index % every === 0 && (
                <text x={x0 + (group * 0.8) / 2} y={HEIGHT - 8} className="chart-tick" textAnchor="middle">
                  {label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption id={`${id}-caption`}>
        {caption}
        {series.length > 1 && (
          <span className="chart-legend" aria-hidden="true">
            {series.map((s) => (
              <span key={s.name}>
                <span className={`chart-swatch chart-${s.tone}`} /> {s.name}
              </span>
            ))}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
