import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { tooltipLook } from '../../../components/charts/tooltip-look.ts';
import { chartSeries, type TimelineRow } from '../model/audit-timeline.ts';
import './running-total-chart.css';

const formats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (zone: string, options: Intl.DateTimeFormatOptions, time: number): string => {
  const key = `${zone} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, { ...options, timeZone: zone });
    formats.set(key, format);
  }
  return format.format(new Date(time));
};

export interface RunningTotalChartProps {
  rows: readonly TimelineRow[];
  /** Where the line ends: the as-of instant, or now (milliseconds). */
  end: number;
  zone: string;
}

/**
 * The user's total over time, as steps: it changes only when an award or a revocation happens.
 * Hidden from screen readers: the entries' table beside it gives the total after each step.
 */
export const RunningTotalChart = ({ rows, end, zone }: RunningTotalChartProps) => {
  const series = chartSeries(rows, end);
  const first = series[0]?.time ?? end;
  const last = series.at(-1)?.time ?? end;
  // Ticks as dates over days, as times within one day.
  const sameDay = last - first < 86_400_000;
  const tick = (time: number) => formatIn(zone, sameDay ? { hour: 'numeric', minute: '2-digit' } : { month: 'short', day: 'numeric' }, time);
  // Five evenly spaced ticks, the first of each label only: awards minutes apart drew '10:55 AM' over itself.
  const ticks: number[] = [];
  for (const step of [0, 1, 2, 3, 4]) {
    const time = first + ((last - first) * step) / 4;
    if (!ticks.some((shown) => tick(shown) === tick(time))) ticks.push(time);
  }
  const moment = (time: number) => formatIn(zone, { dateStyle: 'medium', timeStyle: 'short' }, time);
  return (
    <figure className="total-chart" data-testid="audit-chart">
      <div className="total-chart__plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={series} margin={{ top: 8, right: 28, bottom: 0, left: -12 }} accessibilityLayer={false}>
            <defs>
              <linearGradient id="audit-total-fill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor="var(--primary)" stopOpacity={0.35} />
                <stop offset="100%" stopColor="var(--primary)" stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid vertical={false} stroke="var(--border)" className="total-chart__grid" />
            <XAxis
              dataKey="time"
              type="number"
              scale="time"
              domain={[first, last]}
              ticks={ticks}
              tickFormatter={tick}
              tickLine={false}
              axisLine={false}
              minTickGap={24}
              className="total-chart__axis"
            />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={52} className="total-chart__axis" />
            <Tooltip
              cursor={{ stroke: 'var(--border-strong)' }}
              {...tooltipLook}
              labelFormatter={(label) => (typeof label === 'number' ? moment(label) : '')}
              formatter={(value) => [`${String(value)} points`, 'Total']}
            />
            <Area
              type="stepAfter"
              dataKey="total"
              name="Total"
              stroke="var(--primary)"
              strokeWidth={2}
              fill="url(#audit-total-fill)"
              isAnimationActive={false}
              dot={false}
              activeDot={{ r: 4 }}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="visually-hidden">
        Your running total from {moment(first)} to {moment(last)}; the table of awards and revocations gives the total after each of them.
      </figcaption>
    </figure>
  );
};
