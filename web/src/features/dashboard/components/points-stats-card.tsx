import { dashboardFailures, useGetDailyActionablesQuery, useGetPointsStatsQuery, type RangeArgs } from '../api/dashboard.api.ts';
import { Card } from '../../../components/states/card.tsx';
import { QueryBody } from '../../../components/states/query-states.tsx';
import { StatTiles } from '../../../components/stat-tiles/stat-tiles.tsx';
import { NextStep } from './next-step.tsx';

/**
 * No points yet: what earns them, and the step to the first when today's list has something to
 * complete (an empty list offers its own: a first habit). Shares the Today card's read of the list.
 */
const NoPointsYet = ({ zone }: { zone: string }) => {
  const { data: daily } = useGetDailyActionablesQuery(zone);
  const hasToday = (daily?.actionables.length ?? 0) > 0;
  return (
    <NextStep
      testId="points-empty"
      title="No points yet"
      action={
        hasToday && (
          <a className="button button--primary button--small" href="#today-title">
            Complete something on today's list
          </a>
        )
      }
    >
      Points come from what you finish: a habit earns 10 the first day and more as its streak grows, a to-do 10 × its weight, and goals, tasks and subtasks by
      their priority. Your totals, week and streak of days show here from the first one.
    </NextStep>
  );
};

/** Points today, this week (from the user's week start), this month, in total, and the streak of days with points. */
export const PointsStatsCard = ({ range }: { range: RangeArgs }) => {
  const query = useGetPointsStatsQuery(range);
  return (
    <Card id="points-stats" title="Points" className="dash-grid__points">
      <QueryBody query={query} failure={dashboardFailures.stats} loading="Loading your points…">
        {(stats) =>
          stats.total === 0 && stats.today === 0 ? (
            <NoPointsYet zone={range.timezone} />
          ) : (
            <StatTiles
              label="Points"
              tiles={[
                { id: 'stat-today', label: 'Today', value: stats.today, points: true },
                { id: 'stat-week', label: 'This week', value: stats.week, points: true },
                { id: 'stat-month', label: 'This month', value: stats.month, points: true },
                { id: 'stat-total', label: 'Total', value: stats.total, points: true },
                { id: 'stat-streak', label: 'Streak', value: stats.streak, note: stats.streak === 1 ? 'day' : 'days in a row' },
              ]}
            />
          )
        }
      </QueryBody>
    </Card>
  );
};
