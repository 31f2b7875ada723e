import type { DailyPoints } from '@tracker/contracts/dashboard/http';
import { lazy, Suspense } from 'react';
import { dashboardFailures, useGetDashboardSummaryQuery, type RangeArgs } from '../api/dashboard.api.ts';
import { Card, EmptyNote } from '../../../components/states/card.tsx';
import { QueryBody } from '../../../components/states/query-states.tsx';
import { formatLocalDate } from '../../../lib/dates/date-format.ts';
import './daily-points-chart.css';

const longDate = (date: string) => formatLocalDate(date);

// recharts is the largest library of the app (about 90 kB gzipped): the bars arrive after the rest of
// the first screen, in the same space, and the table below says the same figures meanwhile.
const DailyPointsPlot = lazy(() => import('./daily-points-plot.tsx'));

/**
 * Points and completions per local day of the range (zeros included), as bars (imported history
 * shows as completions without points); the same figures in a table for screen readers, since the
 * picture says nothing to them.
 */
const Chart = ({ days }: { days: DailyPoints[] }) => (
  <figure className="daily-chart" data-testid="daily-points-chart">
    {/* No bars to draw before the first points: the note above says when they come (and recharts is not fetched for nothing). */}
    {days.some((day) => day.points !== 0 || day.completions > 0) && (
      <div className="daily-chart__plot" aria-hidden="true">
        <Suspense fallback={null}>
          <DailyPointsPlot days={days} />
        </Suspense>
      </div>
    )}
    {/* Hidden in a box of its own: a table ignores the class's 1 px width and, laid out whole, made the page scroll sideways at 375 px. */}
    <div className="visually-hidden">
      <table>
        <caption>Points, and to-dos and habits done, per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Points</th>
            <th scope="col">To-dos and habits done</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date} data-testid={`daily-points-${day.date}`}>
              <th scope="row">{longDate(day.date)}</th>
              <td>{day.points}</td>
              <td data-testid={`daily-completions-${day.date}`}>{day.completions}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  </figure>
);

export const DailyPointsCard = ({ range, rangeLabel }: { range: RangeArgs; rangeLabel: string }) => {
  const query = useGetDashboardSummaryQuery(range);
  return (
    <Card id="daily-points" title="Daily points" subtitle={rangeLabel}>
      <QueryBody query={query} failure={dashboardFailures.summary} loading="Loading your daily points…">
        {({ dailyPoints }) => (
          <>
            {dailyPoints.every((day) => day.points === 0 && day.completions === 0) && (
              <EmptyNote>Empty until you earn points: each day you complete a habit or a to-do gets its bar here.</EmptyNote>
            )}
            <Chart days={dailyPoints} />
          </>
        )}
      </QueryBody>
    </Card>
  );
};
