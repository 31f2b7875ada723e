import { calendarDay, problemsOf, required, type Problems } from '../../../components/form/field-checks.ts';

/** The export form's labels by the server's field key. */
export const exportFieldLabels = { startDate: 'From', endDate: 'To', timezone: 'Time zone' } as const;

/** What the export form says before asking: both dates, real ones, and To not before From (the server's rules). */
export const exportProblems = (startDate: string, endDate: string): Problems<'startDate' | 'endDate'> => {
  const start = required(startDate) ?? calendarDay(startDate);
  const end = required(endDate) ?? calendarDay(endDate);
  return problemsOf({
    startDate: start,
    endDate: end ?? (start === undefined && endDate < startDate ? 'must not be before From' : undefined),
  });
};
