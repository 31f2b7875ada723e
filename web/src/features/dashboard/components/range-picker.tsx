import { useId, useState } from 'react';
import { type DateRange, defaultRange, lastDays, rangeProblem } from '../model/date-range.ts';
import { type LocalDate } from '../../../lib/dates/local-date.ts';
import '../../../components/form/form.css';
import './range-picker.css';

const presets = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
] as const;

export interface RangePickerProps {
  range: DateRange;
  today: LocalDate;
  onChange: (range: DateRange) => void;
}

/**
 * From and to (local dates, both included) with the common spans one click away. A range the
 * server would refuse (end before start, over 400 days) is explained and not asked for.
 */
export const RangePicker = ({ range, today, onChange }: RangePickerProps) => {
  const [draft, setDraft] = useState<DateRange>(range);
  const [shownRange, setShownRange] = useState(range);
  const errorId = useId();
  // A range set from outside (a preset, the address) replaces the draft.
  if (shownRange.startDate !== range.startDate || shownRange.endDate !== range.endDate) {
    setShownRange(range);
    setDraft(range);
  }
  const problem = rangeProblem(draft);

  const edit = (key: keyof DateRange, value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (rangeProblem(next) === undefined) onChange(next);
  };
  // Each end bounds the other, so the browser's own picker offers only an ordered range.
  const dateField = (key: keyof DateRange, label: string, bounds: { min?: string | undefined; max?: string | undefined }) => (
    <label className="range-picker__field">
      <span className="range-picker__label">{label}</span>
      <input
        type="date"
        className="field__input"
        value={draft[key]}
        {...bounds}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(event) => edit(key, event.target.value)}
      />
    </label>
  );
  const isPreset = (days: number) => {
    const preset = lastDays(today, days);
    return range.startDate === preset.startDate && range.endDate === preset.endDate;
  };

  return (
    <div className="range-picker" role="group" aria-label="Date range">
      <div className="range-picker__presets">
        {presets.map(({ days, label }) => (
          <button
            key={days}
            type="button"
            className={`button button--small ${isPreset(days) ? 'button--primary' : 'button--secondary'}`}
            aria-pressed={isPreset(days)}
            onClick={() => onChange(days === 7 ? defaultRange(today) : lastDays(today, days))}
          >
            <span className="visually-hidden">Last </span>
            {label}
          </button>
        ))}
      </div>
      <div className="range-picker__dates">
        {dateField('startDate', 'From', { max: draft.endDate || undefined })}
        {dateField('endDate', 'To', { min: draft.startDate || undefined })}
      </div>
      {problem && (
        <p id={errorId} className="range-picker__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
};
