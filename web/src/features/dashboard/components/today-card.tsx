import type { DailyActionable } from '@tracker/contracts/dashboard/http';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { useStatusSettings } from '../../../lib/settings/use-status-settings.ts';
import { dashboardFailures, useCompleteDailyActionableMutation, useCompleteDailyHabitMutation, useGetDailyActionablesQuery } from '../api/dashboard.api.ts';
import { Card, EmptyNote } from '../../../components/states/card.tsx';
import { QueryBody } from '../../../components/states/query-states.tsx';
import { formatLocalDate } from '../../../lib/dates/date-format.ts';
import { localDateOf } from '../../../lib/dates/zone-clock.ts';
import './today-card.css';

const timeIn = (iso: string, zone: string) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone: zone }).format(new Date(iso));

const dueNote = (item: DailyActionable, today: string, zone: string): string | undefined => {
  if (item.isHabit) return item.streak > 0 ? `${item.streak}-day streak` : 'No streak yet';
  if (!item.deadline) return undefined;
  const due = localDateOf(item.deadline, zone);
  if (due < today) return `Overdue since ${formatLocalDate(due, { month: 'short', day: 'numeric' })}`;
  return `Due ${timeIn(item.deadline, zone)}`;
};

const isOverdue = (item: DailyActionable, today: string, zone: string) =>
  !item.isHabit && !item.completedToday && item.deadline !== null && localDateOf(item.deadline, zone) < today;

/**
 * Today's list: actionables due today or overdue, and the habits scheduled today, each with a
 * complete button. A completion refreshes every card (their reads share its tags) without a reload.
 */
export const TodayCard = ({ zone }: { zone: string }) => {
  const query = useGetDailyActionablesQuery(zone);
  const [completeActionable] = useCompleteDailyActionableMutation();
  const [completeHabit] = useCompleteDailyHabitMutation();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const { arrange } = useStatusSettings();
  const toast = useToast();

  const complete = async (item: DailyActionable) => {
    setPending((ids) => new Set(ids).add(item.id));
    const result = item.isHabit ? await completeHabit(item) : await completeActionable(item);
    setPending((ids) => {
      const next = new Set(ids);
      next.delete(item.id);
      return next;
    });
    if ('error' in result) {
      toast.error(errorMessage(result.error, item.isHabit ? dashboardFailures.completeHabit : dashboardFailures.completeActionable));
      return;
    }
    const points = result.data.pointsAwarded;
    toast.success(points > 0 ? `+${points} points` : `“${item.title}” is done.`, { title: item.isHabit ? 'Habit completed' : 'Actionable completed' });
  };

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
        {({ date, actionables }) => {
          const shown = arrange(actionables);
          if (actionables.length === 0) return <EmptyNote>Nothing due today and no habits scheduled. Enjoy the quiet.</EmptyNote>;
          return (
            <>
              {shown.length === 0 && <EmptyNote>Today's items are hidden by your status settings.</EmptyNote>}
              <ul className="today-list" aria-label="Today's actionables and habits">
                {shown.map((item) => {
                  const done = item.completedToday || item.status === 'completed';
                  const kind = item.isHabit ? 'habit' : 'actionable';
                  return (
                    <li key={item.id} className={`today-item${done ? ' today-item--done' : ''}`} data-testid={`today-${item.id}`}>
                      <span className={`today-item__kind today-item__kind--${kind}`}>{item.isHabit ? 'Habit' : 'To do'}</span>
                      <div className="today-item__text">
                        <span className="today-item__title">{item.title}</span>
                        <span className={`today-item__meta${isOverdue(item, date, zone) ? ' today-item__meta--overdue' : ''}`}>
                          {[dueNote(item, date, zone), `weight ${item.weight}`].filter(Boolean).join(' · ')}
                        </span>
                      </div>
                      {done ? (
                        <span className="today-item__done tone-success" data-testid={`today-done-${item.id}`}>
                          Done
                        </span>
                      ) : (
                        <button
                          type="button"
                          className="button button--success button--small"
                          aria-label={`Complete ${kind} ${item.title}`}
                          disabled={pending.has(item.id)}
                          aria-busy={pending.has(item.id) || undefined}
                          onClick={() => void complete(item)}
                        >
                          {pending.has(item.id) && <span className="spinner" aria-hidden="true" />}
                          Complete
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </>
          );
        }}
      </QueryBody>
    </Card>
  );
};
