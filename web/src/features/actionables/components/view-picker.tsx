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
  // A date input can be emptied; the view keeps its last date then.
  const dateField = (key: 'date' | 'startDate' | 'endDate', label: string, error?: string) => (
    <TextField
      className="act-view__date"
      label={label}
      type="date"
      name={key}
      required
      value={view[key]}
      onChange={(event) => event.target.value && onChange({ ...view, [key]: event.target.value })}
      error={error}
    />
  );
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
      {view.kind === 'date' && dateField('date', 'Date')}
      {view.kind === 'range' && (
        <div className="act-view__range">
          {dateField('startDate', 'From')}
          {dateField('endDate', 'To', rangeError)}
        </div>
      )}
    </div>
  );
};
