import { useId, useState } from 'react';
import { type AsOfChoice, isCompleteChoice, isFutureChoice } from '../model/as-of.ts';
import { isLocalDate, type LocalDate } from '../../../lib/dates/local-date.ts';
import { zoneLabel } from '../../../lib/settings/timezones.ts';
import '../../../components/form/form.css';
import './as-of-picker.css';

export interface AsOfPickerProps {
  /** The moment shown now; undefined for the present. */
  choice: AsOfChoice | undefined;
  today: LocalDate;
  zone: string;
  onChange: (choice: AsOfChoice | undefined) => void;
}

const empty: AsOfChoice = { date: '', time: '' };

/**
 * A date and an optional time in the user's zone: the audit as it stood then. A date alone means
 * the whole of that day. Clearing the date (or the Clear button) goes back to the present.
 */
export const AsOfPicker = ({ choice, today, zone, onChange }: AsOfPickerProps) => {
  const [draft, setDraft] = useState<AsOfChoice>(choice ?? empty);
  const [shown, setShown] = useState(choice);
  const hintId = useId();
  const errorId = useId();
  // A moment set from outside (the address, Clear) replaces the draft.
  if (shown?.date !== choice?.date || shown?.time !== choice?.time) {
    setShown(choice);
    setDraft(choice ?? empty);
  }

  // A day to come is kept as typed, said, and not asked for (the audit would repeat the present).
  const future = isFutureChoice(draft, today);
  const edit = (changes: Partial<AsOfChoice>) => {
    const next = { ...draft, ...changes };
    setDraft(next);
    if (next.date === '') onChange(undefined);
    else if (isCompleteChoice(next) && !isFutureChoice(next, today)) onChange(next);
  };

  return (
    <fieldset className="as-of-picker" aria-describedby={future ? `${errorId} ${hintId}` : hintId}>
      <legend className="visually-hidden">Show the audit as of a past moment</legend>
      <div className="as-of-picker__fields">
        <label className="as-of-picker__field">
          <span className="as-of-picker__label">As of date</span>
          <input
            type="date"
            className="field__input"
            value={draft.date}
            max={today}
            aria-invalid={future || undefined}
            onChange={(event) => edit(event.target.value === '' ? { date: '', time: '' } : { date: event.target.value })}
          />
        </label>
        <label className="as-of-picker__field">
          <span className="as-of-picker__label">Time (optional)</span>
          <input
            type="time"
            className="field__input"
            value={draft.time}
            disabled={!isLocalDate(draft.date)}
            aria-invalid={future || undefined}
            onChange={(event) => edit({ time: event.target.value })}
          />
        </label>
        <button
          type="button"
          className="button button--secondary button--small as-of-picker__clear"
          disabled={choice === undefined && draft.date === ''}
          onClick={() => {
            setDraft(empty);
            onChange(undefined);
          }}
        >
          Clear<span className="visually-hidden"> the as-of date, show the present</span>
        </button>
      </div>
      {future && (
        <p id={errorId} className="field__error" role="alert">
          As of: must not be in the future.
        </p>
      )}
      <p id={hintId} className="as-of-picker__hint">
        {choice ? 'Showing your points as they stood then.' : 'Showing the present.'} Times are in {zoneLabel(zone)}.
      </p>
    </fieldset>
  );
};
