import type { ListenDay } from '@shared/contract/stats';
import { formatChartDay, formatCount, formatStatsDuration } from '../lib/stats-format';

const SLOT = 20;
const BAR = 14;
const HEIGHT = 120;
/** Days without listens keep a stub, so the 30 days read as a timeline. */
const STUB = 3;

/**
 * Listens per UTC day, oldest first and today last: a small SVG bar chart for the eye, with the same figures in
 * a table for screen readers.
 */
export function ListensChart({ days }: { days: ListenDay[] }) {
  const most = Math.max(0, ...days.map((day) => day.listens));
  const width = days.length * SLOT;
  const first = days[0];
  return (
    <figure className="space-y-2">
      <div className="relative">
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${width} ${HEIGHT}`}
          className="block h-auto w-full overflow-visible"
          data-testid="listens-chart"
        >
          <line
            x1={0}
            x2={width}
            y1={HEIGHT - 0.5}
            y2={HEIGHT - 0.5}
            className="stroke-border"
            strokeWidth={1}
          />
          {most > 0 && (
            <line
              x1={0}
              x2={width}
              y1={0.5}
              y2={0.5}
              className="stroke-border"
              strokeWidth={1}
              strokeDasharray="4 4"
            />
          )}
          {days.map((day, index) => {
            const height = most > 0 && day.listens > 0 ? Math.max(STUB, (day.listens / most) * HEIGHT) : STUB;
            const today = index === days.length - 1;
            return (
              <rect
                key={day.day}
                x={index * SLOT + (SLOT - BAR) / 2}
                y={HEIGHT - height}
                width={BAR}
                height={height}
                rx={Math.min(4, height / 2)}
                className={
                  day.listens === 0
                    ? 'fill-border'
                    : today
                      ? 'fill-primary'
                      : 'fill-primary/65 dark:fill-primary/75'
                }
              >
                <title>{`${formatChartDay(day.day)}: ${formatCount(day.listens)} ${day.listens === 1 ? 'listen' : 'listens'}`}</title>
              </rect>
            );
          })}
        </svg>
        {most > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-2.5 right-0 rounded-full bg-card px-1.5 text-xs tabular-nums text-muted-foreground"
          >
            {formatCount(most)}
          </span>
        )}
        {most === 0 && (
          <p className="absolute inset-0 grid place-items-center text-center text-sm text-muted-foreground">
            No listens in the last 30 days yet.
          </p>
        )}
      </div>
      <figcaption aria-hidden="true" className="flex justify-between text-xs text-muted-foreground">
        <span>{first ? formatChartDay(first.day) : ''}</span>
        <span>Today</span>
      </figcaption>
      <table className="sr-only">
        <caption>Listens by day, the last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Listens</th>
            <th scope="col">Listening time</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatChartDay(day.day)}</th>
              <td>{formatCount(day.listens)}</td>
              <td>{formatStatsDuration(day.listeningSeconds).words}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
