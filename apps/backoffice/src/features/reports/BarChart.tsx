/**
 * A small bar chart of one figure per day (SVG, no library): bars above the axis for positive values and below it
 * for negative ones, the axis at zero, every few days labelled. The table under it holds the same figures, so the
 * chart is an image with a summary for assistive technology.
 */
export function BarChart({
  label,
  points,
  format,
  formatLabel,
}: {
  label: string;
  points: ReadonlyArray<{ key: string; value: number }>;
  format: (value: number) => string;
  formatLabel: (key: string) => string;
}) {
  const width = 640;
  const height = 180;
  const top = 12;
  const bottom = 24;
  const max = Math.max(0, ...points.map((point) => point.value));
  const min = Math.min(0, ...points.map((point) => point.value));
  const span = max - min || 1;
  const plot = height - top - bottom;
  const zero = top + (max / span) * plot;
  const slot = width / Math.max(points.length, 1);
  const bar = Math.max(2, Math.min(36, slot * 0.7));
  const every = Math.max(1, Math.ceil(points.length / 8));
  const total = points.reduce((sum, point) => sum + point.value, 0);
  return (
    <figure className="report-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${label}: ${format(total)}`}>
        {points.map((point, index) => {
          const size = (Math.abs(point.value) / span) * plot;
          const x = index * slot + (slot - bar) / 2;
          return (
            <g key={point.key}>
              <rect
                className={point.value < 0 ? 'report-bar report-bar-negative' : 'report-bar'}
                x={x}
                y={point.value < 0 ? zero : zero - size}
                width={bar}
                height={Math.max(size, point.value === 0 ? 0 : 1)}
                rx={2}
              >
                <title>{`${formatLabel(point.key)}: ${format(point.value)}`}</title>
              </rect>
              {index % every === 0 ? (
                <text className="report-chart-label" x={x + bar / 2} y={height - 6} textAnchor="middle">
                  {formatLabel(point.key)}
                </text>
              ) : null}
            </g>
          );
        })}
        <line className="report-chart-axis" x1={0} x2={width} y1={zero} y2={zero} />
      </svg>
      <figcaption className="report-chart-caption">{label}</figcaption>
    </figure>
  );
}
