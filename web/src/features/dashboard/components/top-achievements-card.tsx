import type { TopAchievement } from '@tracker/contracts/dashboard/http';
import { dashboardFailures, useGetDashboardSummaryQuery, type RangeArgs } from '../api/dashboard.api.ts';
import { Card, EmptyNote } from '../../../components/states/card.tsx';
import { QueryBody } from '../../../components/states/query-states.tsx';
import { formatMomentIn } from '../../../lib/dates/date-format.ts';
import { PointsBadge } from './points-badge.tsx';
import './activity-lists.css';

const sources: Record<TopAchievement['sourceType'], string> = {
  goal: 'Goal',
  task: 'Task',
  subtask: 'Subtask',
  actionable: 'Actionable',
  habit: 'Habit',
};

/** The best awards of the range. */
export const TopAchievementsCard = ({ range, rangeLabel, zone }: { range: RangeArgs; rangeLabel: string; zone: string }) => {
  const query = useGetDashboardSummaryQuery(range);
  return (
    <Card id="top-achievements" title="Top achievements" subtitle={rangeLabel}>
      <QueryBody query={query} failure={dashboardFailures.summary} loading="Loading your achievements…">
        {({ topAchievements }) =>
          topAchievements.length === 0 ? (
            <EmptyNote>No points in this range yet: your best completions of the range show here.</EmptyNote>
          ) : (
            <ol className="activity-list" aria-label="Top achievements">
              {topAchievements.map((achievement, index) => (
                <li key={`${achievement.occurredAt}-${index}`} className="activity-list__item" data-testid="achievement">
                  <span className="round-mark tone-primary activity-list__rank" aria-hidden="true">
                    {index + 1}
                  </span>
                  <div className="activity-list__text">
                    <span className="activity-list__title">{achievement.title}</span>
                    <span className="activity-list__meta">
                      {sources[achievement.sourceType] ?? achievement.sourceType} ·{' '}
                      <time dateTime={achievement.occurredAt}>{formatMomentIn(achievement.occurredAt, zone) ?? achievement.occurredAt}</time>
                    </span>
                  </div>
                  <PointsBadge points={achievement.points} />
                </li>
              ))}
            </ol>
          )
        }
      </QueryBody>
    </Card>
  );
};
