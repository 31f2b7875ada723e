import { useState } from 'react';
import { failureText } from '../../../lib/api/failure-text.ts';
import { useGetHabitsQuery } from '../api/actionables.api.ts';
import { HabitCard } from '../components/habit-card.tsx';
import { PlusIcon } from '../../../components/icons/icons.tsx';
import { LoadError, LoadingLine } from '../../../components/states/load-states.tsx';
import { EmptyState } from '../../../components/states/empty-state.tsx';
import { NewActionableForm, newItemDraft } from '../components/new-actionable-form.tsx';
import { hasDraft } from '../../../lib/forms/drafts.ts';
import { zoneLabel } from '../../../lib/settings/timezones.ts';
import { FreezePanel } from '../components/freeze-panel.tsx';
import { useToday } from '../../../lib/settings/use-today.ts';
import { isUnreachable } from '../../../lib/offline/queued-change.ts';
import { useWithoutDeleted } from '../../../lib/offline/use-without-deleted.ts';
import { useWaitingCreates } from '../../../lib/offline/waiting-creates.ts';
import { WaitingCreates } from '../../../components/offline/waiting-creates.tsx';
import { useReturnFocus } from '../hooks/use-return-focus.ts';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import '../components/habit-card.css';

/** Habits: each with its schedule, streak, today's state and last weeks; complete today, create, edit, delete. */
export const HabitsRoute = () => {
  // Today and its zone from the server's calendar, the day every route counts in.
  const { date: today, timezone: zone } = useToday();
  // A half-typed new habit (lib/forms/drafts.ts) opens its form again after a reload.
  const [creating, setCreating] = useState(() => hasDraft(newItemDraft(true)));
  const newButton = useReturnFocus<HTMLButtonElement>(creating);
  const { data, isLoading, isFetching, error, refetch } = useGetHabitsQuery();
  const habits = useWithoutDeleted(data);
  // Created on this device and not sent yet: listed under the habits until the server has them.
  const waiting = useWaitingCreates(({ habit }) => habit);

  const content = () => {
    if (isLoading) {
      return (
        <section className="panel panel--loading" aria-busy="true">
          <LoadingLine>Loading habits…</LoadingLine>
        </section>
      );
    }
    if (!habits) {
      return (
        <section className="panel">
          <LoadError message={failureText(error, 'Failed to fetch habits')} onRetry={() => void refetch()} retrying={isFetching} />
        </section>
      );
    }
    if (habits.length === 0 && waiting.length === 0) {
      return (
        <EmptyState
          testId="habits-empty"
          title="No habits yet"
          text="A habit recurs every day, on chosen weekdays or on a day of the month; each completion in a row grows its streak."
        >
          {!creating && (
            <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
              Create your first habit
            </button>
          )}
        </EmptyState>
      );
    }
    return (
      <>
        {error && !isUnreachable(error) && (
          <div className="banner banner--error" role="alert">
            {failureText(error, 'Failed to fetch habits')}
          </div>
        )}
        {habits.length > 0 && (
          <ul className="habit-list" aria-label="Habits" aria-busy={isFetching || undefined}>
            {habits.map((habit) => (
              <HabitCard key={habit.id} habit={habit} today={today} zone={zone} />
            ))}
          </ul>
        )}
        <WaitingCreates creates={waiting} />
      </>
    );
  };

  return (
    <div className="page">
      <title>Habits · Points Tracker</title>
      <PageHeader eyebrow={`Streaks counted in ${zoneLabel(zone)}`} title="Habits">
        <button type="button" className="button button--primary" ref={newButton} aria-expanded={creating} onClick={() => setCreating((open) => !open)}>
          <PlusIcon />
          New habit
        </button>
      </PageHeader>
      {creating && <NewActionableForm habit zone={zone} onCreated={() => setCreating(false)} onCancel={() => setCreating(false)} />}
      {content()}
      {habits && habits.length > 0 && <FreezePanel today={today} />}
    </div>
  );
};
