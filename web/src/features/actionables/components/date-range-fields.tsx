import { TextField } from '../../../components/form/text-field.tsx';

/** One end of a range: its field's name and value, its bounds, hint and error. */
export interface RangeEnd {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  autoFocus?: boolean | undefined;
}

const DateEnd = ({ label, onChange, ...input }: RangeEnd & { label: string }) => (
  <TextField label={label} type="date" required {...input} onChange={(event) => onChange(event.target.value)} />
);

/** A range of days as two required date fields, From and To (the export's range, a freeze's). */
export const DateRangeFields = ({ from, to }: { from: RangeEnd; to: RangeEnd }) => (
  <>
    <DateEnd label="From" {...from} />
    <DateEnd label="To" {...to} />
  </>
);
