import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { hasProblems, type Problems } from '../../../components/form/field-checks.ts';
import { errorAt } from '../../../components/form/form-errors.ts';
import { ServerErrorAlert } from '../../../components/form/server-error-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { useFirstInvalidFocus } from '../../../components/form/use-first-invalid-focus.ts';
import { fieldErrors } from '../../../lib/api/api-errors.ts';
import { useExportActionablesMutation } from '../api/actionables.api.ts';
import { exportFieldLabels, exportProblems } from '../transfer/export-range.ts';
import { addDays } from '../../../lib/dates/local-date.ts';
import './transfer-panel.css';

/** Saves text as a file through a temporary <a download> (the object URL is freed once the download has it). */
export const downloadFile = (text: string, filename: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

const countOf = (text: string): number | undefined => {
  try {
    const parsed: unknown = JSON.parse(text);
    const list = (parsed as { actionables?: unknown }).actionables;
    return Array.isArray(list) ? list.length : undefined;
  } catch {
    return undefined;
  }
};

/** Export the actionables a range of local dates touches (created, due or completed) as a JSON download. */
export const ExportPanel = ({ today, zone, onClose }: { today: string; zone: string; onClose: () => void }) => {
  const toast = useToast();
  const [exportRange, exporting] = useExportActionablesMutation();
  // spec.md §9: a default range is the last 7 days.
  const [startDate, setStartDate] = useState(addDays(today, -6));
  const [endDate, setEndDate] = useState(today);
  const [problems, setProblems] = useState<Problems<'startDate' | 'endDate'>>({});
  const headingId = useId();
  const { ref, focusFirstInvalid } = useFirstInvalidFocus();
  // A range running backwards is said at once, while the dates are picked.
  const backwards = startDate !== '' && endDate !== '' && endDate < startDate;
  const errors = fieldErrors(exporting.error);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = exportProblems(startDate, endDate);
    setProblems(found);
    if (hasProblems(found)) return focusFirstInvalid();
    const result = await exportRange({ startDate, endDate, timezone: zone });
    if ('error' in result) return focusFirstInvalid();
    downloadFile(result.data.text, result.data.filename);
    const count = countOf(result.data.text);
    toast.success(count === undefined ? result.data.filename : `${count} ${count === 1 ? 'actionable' : 'actionables'} in ${result.data.filename}`, {
      title: 'Export saved',
    });
  };

  const escape = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <section className="panel act-transfer" aria-labelledby={headingId}>
      <form ref={ref} className="form" onSubmit={(event) => void submit(event)} onKeyDown={escape} noValidate aria-labelledby={headingId}>
        <div className="panel__header">
          <h2 id={headingId} className="panel__title">
            Export actionables
          </h2>
          <p className="panel__subtitle">Everything created, due or completed between two dates, as a JSON file you can import again.</p>
        </div>
        {exporting.error && (
          <ServerErrorAlert error={exporting.error} fallback="Failed to export actionables" shown={['startDate', 'endDate']} labels={exportFieldLabels} />
        )}
        <div className="form__row">
          <TextField
            label="From"
            type="date"
            name="startDate"
            required
            autoFocus
            value={startDate}
            onChange={(event) => {
              setStartDate(event.target.value);
              setProblems({});
            }}
            error={problems.startDate ?? errorAt(errors, 'startDate')}
          />
          <TextField
            label="To"
            type="date"
            name="endDate"
            required
            value={endDate}
            onChange={(event) => {
              setEndDate(event.target.value);
              setProblems({});
            }}
            error={problems.endDate ?? (backwards ? 'must not be before From' : errorAt(errors, 'endDate'))}
          />
        </div>
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Close
          </button>
          <SubmitButton pending={exporting.isLoading}>Download export</SubmitButton>
        </div>
      </form>
    </section>
  );
};
