import { dashboardFailures, useGetDashboardSummaryQuery, type RangeArgs } from '../api/dashboard.api.ts';
import { Card } from '../../../components/states/card.tsx';
import { QueryBody } from '../../../components/states/query-states.tsx';
import { StatTiles } from '../../../components/stat-tiles/stat-tiles.tsx';
import { EmptyStep } from './empty-step.tsx';

const inRange = 'Created, due or finished';

/** The range at a glance: points earned in it and the items created, due or completed in it. */
export const SummaryCard = ({ range, rangeLabel }: { range: RangeArgs; rangeLabel: string }) => {
  const query = useGetDashboardSummaryQuery(range);
  return (
    <Card id="summary" title="Summary" subtitle={rangeLabel}>
      <QueryBody query={query} failure={dashboardFailures.summary} loading="Loading the summary…">
        {(summary) =>
          summary.totalPoints === 0 &&
          summary.completedCount + summary.goalsCount + summary.tasksCount + summary.subtasksCount + summary.actionablesCount === 0 ? (
            <EmptyStep card="summary" />
          ) : (
            <StatTiles
              label="Summary"
              tiles={[
                { id: 'summary-points', label: 'Points', value: summary.totalPoints, points: true, note: 'Earned in these days' },
                { id: 'summary-completed', label: 'Completed', value: summary.completedCount, note: 'Finished in these days, habit days too' },
                // The other counts are of the items the range's lists show: created, due or finished in it.
                { id: 'summary-goals', label: 'Goals', value: summary.goalsCount, note: inRange },
                { id: 'summary-tasks', label: 'Tasks', value: summary.tasksCount, note: inRange },
                { id: 'summary-subtasks', label: 'Subtasks', value: summary.subtasksCount, note: inRange },
                { id: 'summary-actionables', label: 'Actionables', value: summary.actionablesCount, note: inRange },
              ]}
            />
          )
        }
      </QueryBody>
    </Card>
  );
};
