import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { dashboardFailures, useGetDailyActionablesQuery } from '../api/dashboard.api.ts';
import { Card } from '../../../components/states/card.tsx';
import { LoadingLine } from '../../../components/states/load-states.tsx';
import { QueryBody } from '../../../components/states/query-states.tsx';
import { formatLocalDate } from '../../../lib/dates/date-format.ts';
import './today-card.css';

// The rows (complete, undo, the habits' states in words) load beside the list's answer, not before
// the dashboard's first screen: both are asked for when the card mounts, so neither waits for the other.
const loadList = () => import('./today-list.tsx');
const TodayList = lazy(loadList);

/**
 * Today's list: actionables due today or overdue, and the habits the server lists for today, each
 * habit as its card tells it (to complete, not scheduled, done: its habitToday) with complete and
 * undo. A completion or a take-back refreshes every card (their reads share its tags) without a reload.
 */
export const TodayCard = ({ zone }: { zone: string }) => {
  const query = useGetDailyActionablesQuery(zone);
  useEffect(() => void loadList(), []);

  return (
    <Card
      id="today"
      title="Today"
      subtitle={query.data ? formatLocalDate(query.data.date, { weekday: 'long', month: 'long', day: 'numeric' }) : undefined}
      actions={
        <Link className="button button--ghost button--small" to="/actionables">
          All actionables
        </Link>
      }
    >
      <QueryBody query={query} failure={dashboardFailures.daily} loading="Loading today's list…">
        {(daily) => (
          <Suspense fallback={<LoadingLine>Loading today's list…</LoadingLine>}>
            <TodayList daily={daily} zone={zone} />
          </Suspense>
        )}
      </QueryBody>
    </Card>
  );
};
