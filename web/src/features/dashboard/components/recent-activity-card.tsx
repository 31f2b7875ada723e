import type { Activity } from '@tracker/contracts/points/http';
import { dashboardFailures, RECENT_LIMIT, useGetRecentActivitiesQuery } from '../api/dashboard.api.ts';
import { Card, EmptyNote } from '../../../components/states/card.tsx';
import { QueryBody } from '../../../components/states/query-states.tsx';
import { formatMomentIn } from '../../../lib/dates/date-format.ts';
import { PointsBadge } from './points-badge.tsx';
import './activity-lists.css';

const verbs: Record<Activity['type'], string> = {
  created: 'Created',
  deleted: 'Deleted',
  status_changed: 'Status changed',
  completed: 'Completed',
  reopened: 'Reopened',
  taken_back: 'Took back',
};

/** 'actionable' → 'Actionable'; a kind the app does not know yet is shown as the server names it. */
const kindOf = (entityType: string): string => entityType.charAt(0).toUpperCase() + entityType.slice(1).replaceAll('_', ' ');

/** The latest things that happened, newest first, with the points they moved. */
export const RecentActivityCard = ({ zone }: { zone: string }) => {
  const query = useGetRecentActivitiesQuery(RECENT_LIMIT);
  return (
    <Card id="recent-activity" title="Recent activity">
      <QueryBody query={query} failure={dashboardFailures.recent} loading="Loading recent activity…">
        {(activities) =>
          activities.length === 0 ? (
            <EmptyNote>Nothing yet. What you create and complete shows up here.</EmptyNote>
          ) : (
            <ol className="activity-list" aria-label="Recent activity">
              {activities.map((activity) => (
                <li key={activity.id} className="activity-list__item" data-testid="activity">
                  <div className="activity-list__text">
                    <span className="activity-list__title">{activity.title}</span>
                    <span className="activity-list__meta">
                      {verbs[activity.type]} · {kindOf(activity.entityType)} ·{' '}
                      <time dateTime={activity.occurredAt}>{formatMomentIn(activity.occurredAt, zone) ?? activity.occurredAt}</time>
                    </span>
                  </div>
                  {activity.points !== null && activity.points !== 0 && <PointsBadge points={activity.points} />}
                </li>
              ))}
            </ol>
          )
        }
      </QueryBody>
    </Card>
  );
};
