import type { DailyPoints } from '@tracker/contracts/dashboard/http';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dashboardFailures, useGetDashboardSummaryQuery, type RangeArgs } from '../api/dashboard.api.ts';
import { Card, EmptyNote } from '../../../components/states/card.tsx';
import { QueryBody } from '../../../components/states/query-states.tsx';
import { formatLocalDate } from './local-dates.ts';
import './daily-points-chart.css';

const shortDate = (date: string) => formatLocalDate(date, { month: 'short', day: 'numeric' });
const longDate = (date: string) => formatLocalDate(date);

const tooltipStyle = {
  background: 'var(--surface)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  boxShadow: 'var(--shadow)',
  color: 'var(--text)',
};

/**
 * Points per local day of the range (zeros included), as bars; the same figures in a table for
 * screen readers, since the picture says nothing to them.
 */
const Chart = ({ days }: { days: DailyPoints[] }) => (
  <figure className="daily-chart" data-testid="daily-points-chart">
    <div className="daily-chart__plot" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDate} tickLine={false} axisLine={false} minTickGap={12} className="daily-chart__axis" />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={48} className="daily-chart__axis" />
          <Tooltip
            cursor={{ fill: 'var(--primary-soft)' }}
            contentStyle={tooltipStyle}
            labelStyle={{ color: 'var(--text-muted)', fontWeight: 600 }}
            itemStyle={{ color: 'var(--text)' }}
            labelFormatter={(label) => (typeof label === 'string' ? longDate(label) : '')}
            formatter={(value) => [`${String(value)} points`, 'Earned']}
          />
          <Bar dataKey="points" name="Points" className="daily-chart__bar" radius={[4, 4, 0, 0]} maxBarSize={36} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
    <table className="visually-hidden">
      <caption>Points per day</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Points</th>
        </tr>
      </thead>
      <tbody>
        {days.map((day) => (
          <tr key={day.date} data-testid={`daily-points-${day.date}`}>
            <th scope="row">{longDate(day.date)}</th>
            <td>{day.points}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </figure>
);

export const DailyPointsCard = ({ range, rangeLabel }: { range: RangeArgs; rangeLabel: string }) => {
  const query = useGetDashboardSummaryQuery(range);
  return (
    <Card id="daily-points" title="Daily points" subtitle={rangeLabel}>
      <QueryBody query={query} failure={dashboardFailures.summary} loading="Loading your daily points…">
        {({ dailyPoints }) => (
          <>
            {dailyPoints.every((day) => day.points === 0) && <EmptyNote>No points in this range yet. Complete something to see a bar grow.</EmptyNote>}
            <Chart days={dailyPoints} />
          </>
        )}
      </QueryBody>
    </Card>
  );
};
