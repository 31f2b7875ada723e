import type { Frequency } from '@tracker/contracts/actionables/http';
import { useId } from 'react';
import { fieldMessage } from '../../../components/form/field-message.ts';
import { humanFieldMessage } from '../../../components/form/form-errors.ts';
import { TextField } from '../../../components/form/text-field.tsx';
import type { ActionableValues } from '../model/actionable-values.ts';
import { weekdayLongNames, weekdayNames } from '../model/habit-schedule.ts';
import '../../../components/check-pills/check-pills.css';
import './recurrence-editor.css';

/** The form's recurrence fields, as the form holds them. */
export type RecurrenceValues = Pick<ActionableValues, 'frequency' | 'days' | 'dayOfMonth' | 'everyNDays' | 'timesPerWeek' | 'weekStartsOn'>;

export interface RecurrenceEditorProps {
  values: RecurrenceValues;
  onFrequencyChange: (frequency: Frequency) => void;
  onDaysChange: (days: number[]) => void;
  onDayOfMonthChange: (dayOfMonth: string) => void;
  onEveryNDaysChange: (everyNDays: string) => void;
  onTimesPerWeekChange: (timesPerWeek: string) => void;
  /** Messages for each part (the form's own check, or the server's). */
  errors: {
    recurrence?: string | undefined;
    days?: string | undefined;
    dayOfMonth?: string | undefined;
    everyNDays?: string | undefined;
    timesPerWeek?: string | undefined;
  };
}

const frequencyChoices: { value: Frequency; label: string }[] = [
  { value: 'daily', label: 'Every day' },
  { value: 'weekly', label: 'On chosen weekdays' },
  { value: 'monthly', label: 'On a day of the month' },
  { value: 'everyNDays', label: 'Every N days' },
  { value: 'timesPerWeek', label: 'N times a week' },
];

const monthDays = Array.from({ length: 31 }, (_, index) => String(index + 1));

const wholeNumber = (min: number, max: number) => ({ type: 'number', inputMode: 'numeric', min, max, step: 1, required: true }) as const;

/** The two schedules that ask for a count: its label, its upper bound and what the count means. */
const counts = {
  everyNDays: { label: 'Every how many days', max: 365, hint: () => '1 to 365, counted from the start date' },
  timesPerWeek: {
    label: 'Times a week',
    max: 7,
    hint: (weekStartsOn: number) => `1 to 7, on any days, once a day; weeks start on ${weekdayLongNames[weekStartsOn] ?? 'Monday'}`,
  },
} as const;

/**
 * How often a habit recurs: daily, chosen weekdays (at least one), a day of the month (1–31), every N
 * days (1–365, counted from its start) or N times a week (1–7, in weeks from the user's week start).
 */
export const RecurrenceEditor = ({
  values: { frequency, days, dayOfMonth, weekStartsOn, ...countValues },
  onFrequencyChange,
  onDaysChange,
  onDayOfMonthChange,
  onEveryNDaysChange,
  onTimesPerWeekChange,
  errors,
}: RecurrenceEditorProps) => {
  const name = useId();
  const daysErrorId = useId();
  const dayOfMonthId = useId();
  const recurrenceErrorId = useId();
  const dayOfMonthErrorId = useId();
  const toggle = (day: number) => onDaysChange(days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort((a, b) => a - b));
  return (
    <fieldset className="recurrence">
      <legend className="field__label recurrence__legend">Repeats</legend>
      <div className="recurrence__choices">
        {frequencyChoices.map((choice) => (
          <label key={choice.value} className="check-pill check-pill--in-form">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={frequency === choice.value}
              onChange={() => onFrequencyChange(choice.value)}
              aria-invalid={errors.recurrence ? true : undefined}
              aria-describedby={errors.recurrence ? recurrenceErrorId : undefined}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {errors.recurrence && (
        <p id={recurrenceErrorId} className="field__error">
          {fieldMessage('Repeats', humanFieldMessage(errors.recurrence))}
        </p>
      )}
      {frequency === 'weekly' && (
        <fieldset className={`recurrence__days${errors.days ? ' field--invalid' : ''}`} aria-describedby={errors.days ? daysErrorId : undefined}>
          <legend className="field__label">Weekdays</legend>
          <div className="recurrence__day-list">
            {weekdayNames.map((short, day) => (
              <label key={short} className="check-pill check-pill--in-form recurrence__day" title={weekdayLongNames[day]}>
                <input
                  type="checkbox"
                  checked={days.includes(day)}
                  onChange={() => toggle(day)}
                  aria-label={weekdayLongNames[day]}
                  aria-invalid={errors.days ? true : undefined}
                  aria-describedby={errors.days ? daysErrorId : undefined}
                />
                <span aria-hidden="true">{short}</span>
              </label>
            ))}
          </div>
          {errors.days && (
            <p id={daysErrorId} className="field__error" role="alert">
              {fieldMessage('Weekdays', humanFieldMessage(errors.days))}
            </p>
          )}
        </fieldset>
      )}
      {frequency === 'monthly' && (
        <div className={`field recurrence__month${errors.dayOfMonth ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={dayOfMonthId}>
            Day of the month
          </label>
          <select
            id={dayOfMonthId}
            className="field__input field__select"
            value={dayOfMonth}
            onChange={(event) => onDayOfMonthChange(event.target.value)}
            aria-invalid={errors.dayOfMonth ? true : undefined}
            aria-describedby={errors.dayOfMonth ? dayOfMonthErrorId : undefined}
          >
            {monthDays.map((day) => (
              <option key={day} value={day}>
                {day}
              </option>
            ))}
          </select>
          <p className="field__hint">In shorter months, days 29–31 fall on the month’s last day.</p>
          {errors.dayOfMonth && (
            <p id={dayOfMonthErrorId} className="field__error">
              {fieldMessage('Day of the month', humanFieldMessage(errors.dayOfMonth))}
            </p>
          )}
        </div>
      )}
      {(frequency === 'everyNDays' || frequency === 'timesPerWeek') && (
        <TextField
          key={frequency}
          className="recurrence__number"
          label={counts[frequency].label}
          name={frequency}
          value={countValues[frequency]}
          onChange={(event) => (frequency === 'everyNDays' ? onEveryNDaysChange : onTimesPerWeekChange)(event.target.value)}
          error={errors[frequency]}
          hint={counts[frequency].hint(weekStartsOn)}
          {...wholeNumber(1, counts[frequency].max)}
        />
      )}
    </fieldset>
  );
};
