import type { DailyPoints } from '@tracker/contracts/dashboard/http';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { tooltipLook } from '../../../components/charts/tooltip-look.ts';
import { formatLocalDate } from '../../../lib/dates/date-format.ts';

const shortDate = (date: string) => formatLocalDate(date, { month: 'short', day: 'numeric' });
const longDate = (date: string) => formatLocalDate(date);

/** The bars themselves: recharts, loaded after the rest of the dashboard (daily-points-chart.tsx). */
const DailyPointsPlot = ({ days }: { days: DailyPoints[] }) => (
  <ResponsiveContainer width="100%" height="100%">
    <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
      <CartesianGrid vertical={false} />
      <XAxis dataKey="date" tickFormatter={shortDate} tickLine={false} axisLine={false} minTickGap={12} className="daily-chart__axis" />
      <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={48} className="daily-chart__axis" />
      <Tooltip
        cursor={{ fill: 'var(--primary-soft)' }}
        {...tooltipLook}
        labelFormatter={(label) => (typeof label === 'string' ? longDate(label) : '')}
        formatter={(value) => [`${String(value)} points`, 'Earned']}
      />
      <Bar dataKey="points" name="Points" className="daily-chart__bar" radius={[4, 4, 0, 0]} maxBarSize={36} isAnimationActive={false} />
    </BarChart>
  </ResponsiveContainer>
);

export default DailyPointsPlot;
