import { HABIT_BACKFILL_MAX_DAYS } from '@tracker/contracts/actionables/http';
import { useId, useState } from 'react';
import { ModalDialog } from '../../../components/dialogs/modal-dialog.tsx';
import { failureText } from '../../../lib/api/failure-text.ts';
import { LoadError, LoadingLine } from '../../../components/states/load-states.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { habitFailures, useBackfillHabitMutation } from '../api/actionables.api.ts';
import { historyFailure, useGetHabitHistoryQuery } from '../api/habit-history.api.ts';
import { habitToastKey, shortDay } from '../../../lib/habits/habit-today.ts';
import { backfillText } from '../../../lib/points/points-words.ts';
import { receiptPart } from '../../../lib/points/points-toasts.ts';
import { backfillWindow, missedDayLabel, missedDays } from '../model/backfill-days.ts';
import type { ShownActionable } from '../transfer/import-parser.ts';
import '../../../components/check-pills/check-pills.css';
import './record-missed-day.css';

/**
 * Record a day the user kept the habit but did not tick: the scheduled days of the last week that
 * were missed (the server's history says which), one chosen, then confirmed. A recorded day earns
 * half; the dialog says so before the click, the toast after it.
 */
export const RecordMissedDay = ({ habit, today, onClose }: { habit: ShownActionable; today: string; onClose: () => void }) => {
  const toast = useToast();
  const range = backfillWindow(today);
  const history = useGetHabitHistoryQuery({ habitId: habit.id, ...range });
  const [record, recording] = useBackfillHabitMutation();
  const [chosen, setChosen] = useState<string | undefined>();
  const name = useId();
  const days = history.data ? missedDays(history.data, today) : [];
  const day = chosen && days.includes(chosen) ? chosen : days[0];

  const confirm = async () => {
    if (!day) return;
    const result = await record({ habit, date: day });
    if ('error' in result) return;
    toast.success(`${backfillText(result.data.pointsAwarded, result.data.streak)}${receiptPart(result.data.receipt)}`, {
      title: `“${habit.title}” recorded for ${shortDay(day)}`,
      key: habitToastKey(habit.id),
    });
    onClose();
  };

  const body = () => {
    if (history.isLoading) return <LoadingLine>Looking for missed days…</LoadingLine>;
    if (!history.data)
      return <LoadError message={failureText(history.error, historyFailure)} onRetry={() => void history.refetch()} retrying={history.isFetching} />;
    if (days.length === 0) return <p data-testid="record-missed-none">No missed days in the last {HABIT_BACKFILL_MAX_DAYS} days: nothing to record.</p>;
    return (
      <fieldset className="record-missed__days">
        <legend className="field__label">Which day?</legend>
        {days.map((date) => (
          <label key={date} className="check-pill check-pill--in-form">
            <input type="radio" name={name} value={date} checked={date === day} onChange={() => setChosen(date)} />
            {missedDayLabel(date, today)}
          </label>
        ))}
      </fieldset>
    );
  };

  return (
    <ModalDialog
      title={`Record a missed day of “${habit.title}”`}
      pending={recording.isLoading}
      error={recording.error ? failureText(recording.error, habitFailures.backfill) : undefined}
      onCancel={onClose}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={recording.isLoading} autoFocus>
            Cancel
          </button>
          {day && (
            <button
              type="button"
              className="button button--primary"
              onClick={() => void confirm()}
              disabled={recording.isLoading}
              aria-busy={recording.isLoading || undefined}
            >
              {recording.isLoading && <span className="spinner" aria-hidden="true" />}
              Record {shortDay(day)}
            </button>
          )}
        </>
      }
    >
      <div className="record-missed">
        <p>Did it but forgot to tick it? Record a scheduled day of the last {HABIT_BACKFILL_MAX_DAYS}. A day recorded afterwards earns half the points.</p>
        {body()}
      </div>
    </ModalDialog>
  );
};
