import { useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { errorMessage } from '../../../lib/api/api-errors.ts';
import { useGetGoalProgressQuery, useGetGoalsQuery } from '../api/goals.api.ts';
import { filtersReset, matchesFilters, selectPriorityFilter, selectStatusFilter } from '../stores/goals.slice.ts';
import { GoalItem } from './goal-item.tsx';
import { HiddenByFilters, LoadError } from './list-states.tsx';
import { PlusIcon } from './work-item-icons.tsx';

/** The goals, newest first, with their progress; loading, error and empty states. */
export const GoalList = ({ onCreateFirst }: { onCreateFirst: () => void }) => {
  const dispatch = useAppDispatch();
  const { data: goals, isLoading, error, refetch, isFetching } = useGetGoalsQuery();
  const { data: progress } = useGetGoalProgressQuery();
  const statusFilter = useAppSelector(selectStatusFilter);
  const priorityFilter = useAppSelector(selectPriorityFilter);
  const progressById = useMemo(() => new Map((progress ?? []).map((entry) => [entry.goalId, entry])), [progress]);

  if (isLoading) {
    return (
      <section className="panel panel--loading" aria-busy="true">
        <p className="loading-line" role="status">
          <span className="spinner spinner--dark" aria-hidden="true" />
          Loading your goals…
        </p>
      </section>
    );
  }
  if (!goals) {
    return (
      <section className="panel">
        <LoadError message={errorMessage(error, 'Failed to fetch goals')} onRetry={() => void refetch()} retrying={isFetching} />
      </section>
    );
  }
  if (goals.length === 0) {
    return (
      <section className="panel empty-state" data-testid="goals-empty" aria-labelledby="goals-empty-title">
        <span className="empty-state__mark" aria-hidden="true">
          ◎
        </span>
        <h2 id="goals-empty-title" className="empty-state__title">
          No goals yet
        </h2>
        <p className="empty-state__text">
          A goal holds tasks, and a task holds subtasks. Finish them to earn points: higher priority, more points.
        </p>
        <button type="button" className="button button--primary" onClick={onCreateFirst}>
          <PlusIcon />
          Create your first goal
        </button>
      </section>
    );
  }
  const visible = goals.filter((goal) => matchesFilters(goal, statusFilter, priorityFilter));
  return (
    <>
      {error && (
        // A failed refresh keeps the last list on screen and says so.
        <div className="banner banner--error" role="alert">
          {errorMessage(error, 'Failed to fetch goals')}
        </div>
      )}
      {visible.length === 0 ? (
        <section className="panel empty-state empty-state--filtered" aria-labelledby="goals-filtered-title">
          <h2 id="goals-filtered-title" className="empty-state__title">
            No goals match these filters
          </h2>
          <p className="empty-state__text">
            All {goals.length} of your goals are hidden by the status and priority filters.
          </p>
          <button type="button" className="button button--secondary" onClick={() => dispatch(filtersReset())}>
            Show all goals
          </button>
        </section>
      ) : (
        <ul className="work-item-list work-item-list--goals" aria-label="Goals">
          {visible.map((goal) => (
            <GoalItem key={goal.id} goal={goal} progress={progressById.get(goal.id)} />
          ))}
        </ul>
      )}
      {visible.length > 0 && <HiddenByFilters count={goals.length - visible.length} noun="goal" />}
    </>
  );
};
