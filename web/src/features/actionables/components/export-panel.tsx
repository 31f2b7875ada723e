import { useState, type FormEvent } from 'react';
import { hasProblems, type Problems } from '../../../components/form/field-checks.ts';
import { errorAt } from '../../../components/form/form-errors.ts';
import { ServerErrorAlert } from '../../../components/form/server-error-alert.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { useFirstInvalidFocus } from '../../../components/form/use-first-invalid-focus.ts';
import { fieldErrors } from '../../../lib/api/api-errors.ts';
import { useExportActionablesMutation } from '../api/actionables.api.ts';
import { exportFieldLabels, exportProblems } from '../transfer/export-range.ts';
import { addDays } from '../../../lib/dates/local-date.ts';
import { downloadFile } from '../../../lib/files/download-file.ts';
import { DateRangeFields } from './date-range-fields.tsx';
import { TransferPanel } from './transfer-panel.tsx';

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

  return (
    <TransferPanel
      title="Export actionables"
      subtitle="Everything created, due or completed between two dates, as a JSON file you can import again."
      submitLabel="Download export"
      pending={exporting.isLoading}
      formRef={ref}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      {exporting.error && (
        <ServerErrorAlert error={exporting.error} fallback="Failed to export actionables" shown={['startDate', 'endDate']} labels={exportFieldLabels} />
      )}
      <div className="form__row">
        <DateRangeFields
          from={{
            name: 'startDate',
            autoFocus: true,
            value: startDate,
            onChange: (value) => {
              setStartDate(value);
              setProblems({});
            },
            error: problems.startDate ?? errorAt(errors, 'startDate'),
          }}
          to={{
            name: 'endDate',
            value: endDate,
            onChange: (value) => {
              setEndDate(value);
              setProblems({});
            },
            error: problems.endDate ?? (backwards ? 'must not be before From' : errorAt(errors, 'endDate')),
          }}
        />
      </div>
    </TransferPanel>
  );
};
