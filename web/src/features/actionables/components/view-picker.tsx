import { useId } from 'react';
import { TextField } from '../../../components/form/text-field.tsx';
import './view-picker.css';

export type ViewKind = 'today' | 'date' | 'range' | 'all';

export interface ViewChoice {
  kind: ViewKind;
  date: string;
  startDate: string;
  endDate: string;
}

const kinds: { value: ViewKind; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'date', label: 'On a date' },
  { value: 'range', label: 'Date range' },
  { value: 'all', label: 'All' },
];

/** Which actionables the list shows: due today, due on a chosen date, touched in a range, or all. */
export const ViewPicker = ({ view, onChange, rangeError }: { view: ViewChoice; onChange: (view: ViewChoice) => void; rangeError?: string | undefined }) => {
  const name = useId();
  return (
    <div className="act-view" role="group" aria-label="Show">
      <fieldset className="act-view__kinds">
        <legend className="visually-hidden">Show actionables</legend>
        {kinds.map((kind) => (
          <label key={kind.value} className="act-view__kind">
            <input type="radio" name={name} value={kind.value} checked={view.kind === kind.value} onChange={() => onChange({ ...view, kind: kind.value })} />
            {kind.label}
          </label>
        ))}
      </fieldset>
      {view.kind === 'date' && (
        <TextField
          className="act-view__date"
          label="Date"
          type="date"
          name="date"
          required
          value={view.date}
          onChange={(event) => event.target.value && onChange({ ...view, date: event.target.value })}
        />
      )}
      {view.kind === 'range' && (
        <div className="act-view__range">
          <TextField
            className="act-view__date"
            label="From"
            type="date"
            name="startDate"
            required
            value={view.startDate}
            onChange={(event) => event.target.value && onChange({ ...view, startDate: event.target.value })}
          />
          <TextField
            className="act-view__date"
            label="To"
            type="date"
            name="endDate"
            required
            value={view.endDate}
            onChange={(event) => event.target.value && onChange({ ...view, endDate: event.target.value })}
            error={rangeError}
          />
        </div>
      )}
    </div>
  );
};
