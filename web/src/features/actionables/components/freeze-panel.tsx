import { useId, useState, type FormEvent } from 'react';
import { FREEZE_MAX_DAYS, FREEZES_PER_MONTH } from '@tracker/contracts/actionables/http';
import { hasProblems, type Problems } from '../../../components/form/field-checks.ts';
import { errorAt } from '../../../components/form/form-errors.ts';
import { failureText } from '../../../lib/api/failure-text.ts';
import { SelectField } from '../../../components/form/select-field.tsx';
import { ServerErrorAlert } from '../../../components/form/server-error-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useFirstInvalidFocus } from '../../../components/form/use-first-invalid-focus.ts';
import { chipClass } from '../../../components/item-facts/item-facts.tsx';
import { LoadError, LoadingLine } from '../../../components/states/load-states.tsx';
import { PanelHeader } from '../../../components/states/panel-header.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { fieldErrors } from '../../../lib/api/api-errors.ts';
import { addDays } from '../../../lib/dates/local-date.ts';
import { useGetHabitsQuery } from '../api/actionables.api.ts';
import { freezeFailures, useCancelFreezeMutation, useCreateFreezeMutation, useGetFreezesQuery, type Freeze } from '../api/freezes.api.ts';
import { freezeDays, freezeRangeText } from '../../../lib/habits/freeze-words.ts';
import { FREEZE_MAX_DAYS_AHEAD, freezeRangeProblems, freezesAhead, freezeStatus } from '../model/freeze-range.ts';
import { DateRangeFields } from './date-range-fields.tsx';
import './freeze-panel.css';

const ALL = 'all';
const fieldLabels = { from: 'From', to: 'To', habitId: 'Habits' };

/** One freeze of the list: what it covers, when, and Cancel while it has not begun. */
const FreezeRow = ({ freeze, today, habitName }: { freeze: Freeze; today: string; habitName: string }) => {
  const toast = useToast();
  const [cancel, cancelling] = useCancelFreezeMutation();
  const [create] = useCreateFreezeMutation();
  const status = freezeStatus(freeze, today);
  const range = freezeRangeText(freeze, today);
  const days = freezeDays(freeze);
  // One tap cancels: a misclick is mended from the toast, which freezes the same days again.
  const freezeAgain = async () => {
    const result = await create({ from: freeze.from, to: freeze.to, habitId: freeze.habitId });
    if ('error' in result) return void toast.error(failureText(result.error, freezeFailures.create));
    toast.success(`${habitName}: ${range}`, { title: 'Freeze kept' });
  };
  const cancelFreeze = async () => {
    const result = await cancel(freeze);
    if ('error' in result) return void toast.error(failureText(result.error, freezeFailures.cancel));
    toast.info(`${habitName}: ${range}`, { title: 'Freeze cancelled', action: { label: 'Undo', run: () => void freezeAgain() } });
  };
  return (
    <li className="freeze-row panel-row" data-testid={`freeze-${freeze.id}`}>
      <div className="freeze-row__what">
        <strong>{habitName}</strong>
        <span>
          {range} · {days} {days === 1 ? 'day' : 'days'}
        </span>
      </div>
      <span className={chipClass(status === 'current' ? 'info' : undefined)}>{status === 'current' ? 'Under way' : 'Upcoming'}</span>
      {status === 'upcoming' && (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void cancelFreeze()}
          disabled={cancelling.isLoading}
          aria-label={`Cancel freeze of ${habitName}, ${range}`}
        >
          {cancelling.isLoading && <span className="spinner" aria-hidden="true" />}
          Cancel
        </button>
      )}
    </li>
  );
};

/**
 * Freezes: all habits or one over a range of days (frozen days neither break nor extend a streak and
 * earn nothing), within the server's limits, which the panel says up front; then the freezes under
 * way or to come, each to be cancelled until it begins. The server's refusals show by the field they name.
 */
export const FreezePanel = ({ today }: { today: string }) => {
  const headingId = useId();
  const listId = useId();
  const toast = useToast();
  const { data: habits = [] } = useGetHabitsQuery();
  const freezes = useGetFreezesQuery();
  const [createFreeze, creating] = useCreateFreezeMutation();
  const [habitId, setHabitId] = useState(ALL);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problems, setProblems] = useState<Problems<'from' | 'to'>>({});
  const { ref, focusFirstInvalid } = useFirstInvalidFocus();
  const errors = fieldErrors(creating.error);
  const titleOf = (id: string | null) => (id === null ? 'All habits' : (habits.find((habit) => habit.id === id)?.title ?? 'A deleted habit'));

  const edited = () => {
    setProblems({});
    creating.reset();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = freezeRangeProblems(from, to, today);
    setProblems(found);
    if (hasProblems(found)) return focusFirstInvalid();
    const result = await createFreeze({ from, to, ...(habitId === ALL ? {} : { habitId }) });
    if ('error' in result) return focusFirstInvalid();
    toast.success(`${titleOf(result.data.habitId)}: ${freezeRangeText(result.data, today)}`, { title: 'Frozen' });
    setFrom('');
    setTo('');
  };

  const ahead = freezesAhead(freezes.data ?? [], today);
  return (
    <section className="panel freeze-panel" aria-labelledby={headingId} data-testid="freeze-panel">
      <PanelHeader id={headingId} title="Freeze" subtitle="Going away? Frozen days neither break a streak nor extend it, and earn nothing." />
      <form ref={ref} className="form freeze-panel__form" onSubmit={(event) => void submit(event)} noValidate aria-label="Freeze habits">
        <p className="freeze-panel__limits" id={`${headingId}-limits`}>
          Up to {FREEZE_MAX_DAYS} days; at most {FREEZES_PER_MONTH} a month (by the month a freeze begins in); from today, up to a year ahead.
        </p>
        {creating.error && Object.keys(errors).length === 0 && (
          <ServerErrorAlert error={creating.error} fallback={freezeFailures.create} shown={['from', 'to', 'habitId']} labels={fieldLabels} />
        )}
        <div className="form__row">
          <SelectField
            label="Habits"
            value={habitId}
            onChange={(event) => {
              setHabitId(event.target.value);
              edited();
            }}
            options={[{ value: ALL, label: 'All habits' }, ...habits.map((habit) => ({ value: habit.id, label: habit.title }))]}
            error={errorAt(errors, 'habitId')}
          />
          <DateRangeFields
            from={{
              name: 'from',
              min: today,
              max: addDays(today, FREEZE_MAX_DAYS_AHEAD),
              value: from,
              hint: 'Today or later',
              onChange: (value) => {
                setFrom(value);
                edited();
              },
              error: problems.from ?? errorAt(errors, 'from'),
            }}
            to={{
              name: 'to',
              min: from || today,
              value: to,
              hint: `At most ${FREEZE_MAX_DAYS} days, both ends counted`,
              onChange: (value) => {
                setTo(value);
                edited();
              },
              error: problems.to ?? errorAt(errors, 'to'),
            }}
          />
        </div>
        <div className="form__actions">
          <SubmitButton pending={creating.isLoading}>Freeze</SubmitButton>
        </div>
      </form>
      <div className="freeze-panel__list">
        <h3 id={listId} className="freeze-panel__list-title">
          Current and upcoming freezes
        </h3>
        {freezes.isLoading ? (
          <LoadingLine>Loading freezes…</LoadingLine>
        ) : freezes.error && !freezes.data ? (
          <LoadError message={failureText(freezes.error, freezeFailures.fetch)} onRetry={() => void freezes.refetch()} retrying={freezes.isFetching} />
        ) : ahead.length === 0 ? (
          <p className="freeze-panel__empty">No freezes planned.</p>
        ) : (
          <ul aria-labelledby={listId} className="freeze-panel__freezes" data-testid="freeze-list">
            {ahead.map((freeze) => (
              <FreezeRow key={freeze.id} freeze={freeze} today={today} habitName={titleOf(freeze.habitId)} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
};
