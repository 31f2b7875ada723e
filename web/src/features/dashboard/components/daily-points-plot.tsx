import type { DailyPoints } from '@tracker/contracts/dashboard/http';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { tooltipLook } from '../../../components/charts/tooltip-look.ts';
import { formatLocalDate } from '../../../lib/dates/date-format.ts';

const shortDate = (date: string) => formatLocalDate(date, { month: 'short', day: 'numeric' });
const longDate = (date: string) => formatLocalDate(date);

/**
 * What the second bars count: completions of to-dos and habits only, not goals, tasks or subtasks
 * finished — the Summary's "Completed" counts those too, and one word for both read as two counts of
 * one thing. Short: the legend must fit beside "Points" at 375 px.
 */
const DONE_LABEL = 'To-dos & habits';

/** The bars themselves (points, and completions on their own scale): recharts, loaded after the rest of the dashboard (daily-points-chart.tsx). */
const DailyPointsPlot = ({ days }: { days: DailyPoints[] }) => (
  <ResponsiveContainer width="100%" height="100%">
    <BarChart data={days} margin={{ top: 8, right: 0, bottom: 0, left: -16 }} accessibilityLayer={false}>
      <CartesianGrid vertical={false} />
      <XAxis dataKey="date" tickFormatter={shortDate} tickLine={false} axisLine={false} minTickGap={12} className="daily-chart__axis" />
      <YAxis yAxisId="points" allowDecimals={false} tickLine={false} axisLine={false} width={48} className="daily-chart__axis" />
      {/* Completions on their own scale (a handful a day beside tens of points), at the right. */}
      <YAxis yAxisId="completions" orientation="right" allowDecimals={false} tickLine={false} axisLine={false} width={32} className="daily-chart__axis" />
      <Tooltip
        cursor={{ fill: 'var(--primary-soft)' }}
        {...tooltipLook}
        labelFormatter={(label) => (typeof label === 'string' ? longDate(label) : '')}
        formatter={(value, name) => (name === 'Points' ? [`${String(value)} points`, 'Earned'] : [String(value), 'To-dos and habits done'])}
      />
      {/* Points first, as the bars stand (recharts sorts by name otherwise): daily-points-chart.css colours the items by that order. */}
      <Legend iconType="square" iconSize={10} wrapperStyle={{ fontSize: '0.75rem' }} itemSorter={(item) => (item.dataKey === 'points' ? 0 : 1)} />
      <Bar yAxisId="points" dataKey="points" name="Points" className="daily-chart__bar" radius={[4, 4, 0, 0]} maxBarSize={36} isAnimationActive={false} />
      <Bar
        yAxisId="completions"
        dataKey="completions"
        name={DONE_LABEL}
        className="daily-chart__bar daily-chart__bar--completions"
        radius={[4, 4, 0, 0]}
        maxBarSize={36}
        isAnimationActive={false}
      />
    </BarChart>
  </ResponsiveContainer>
);

export default DailyPointsPlot;
