import { dashboardFailures, useGetPointsStatsQuery, type RangeArgs } from '../api/dashboard.api.ts';
import { Card } from '../../../components/states/card.tsx';
import { QueryBody } from '../../../components/states/query-states.tsx';
import { StatTiles } from '../../../components/stat-tiles/stat-tiles.tsx';
import { EmptyStep } from './empty-step.tsx';

/** Points today, this week (from the user's week start), this month, in total, and the streak of days with points. */
export const PointsStatsCard = ({ range }: { range: RangeArgs }) => {
  const query = useGetPointsStatsQuery(range);
  return (
    <Card id="points-stats" title="Points" className="dash-grid__points">
      <QueryBody query={query} failure={dashboardFailures.stats} loading="Loading your points…">
        {(stats) =>
          stats.total === 0 && stats.today === 0 ? (
            <EmptyStep card="points" zone={range.timezone} />
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
