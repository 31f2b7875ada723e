import { weekStarts, type Settings, type WeekStart } from '@tracker/contracts/settings/http';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { errorAt } from '../../../components/form/form-errors.ts';
import { failureText } from '../../../lib/api/failure-text.ts';
import { fieldErrors } from '../../../lib/api/api-errors.ts';
import { settingsFailures, useChangeWeekStartMutation } from '../../../lib/settings/settings.api.ts';
import { SelectSection } from './select-section.tsx';

const dayNames = (() => {
  const format = new Intl.DateTimeFormat(undefined, { weekday: 'long', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return weekStarts.map((value, index) => ({ value, label: format.format(new Date(Date.UTC(2023, 0, 1 + index))) }));
})();

/** The first day of the week: 'this week' on the dashboard and the heatmap's columns start on it. Saved when picked from the list, or on Enter after arrowing. */
export const WeekStartSection = ({ settings }: { settings: Settings }) => {
  const [changeWeekStart, { isLoading, error, originalArgs }] = useChangeWeekStartMutation();
  const toast = useToast();
  const saved = isLoading && originalArgs ? originalArgs : settings.weekStart;

  const choose = async (weekStart: WeekStart) => {
    const result = await changeWeekStart(weekStart);
    if ('error' in result) toast.error(failureText(result.error, settingsFailures.weekStart));
    else toast.success(`Weeks now start on ${dayNames.find((day) => day.value === weekStart)?.label ?? weekStart}.`, { title: 'Week start saved' });
  };

  return (
    <SelectSection
      id="week-start"
      title="Week"
      header={<p className="panel__subtitle">Points this week and the activity map count weeks from this day.</p>}
      label="Week starts on"
      name="weekStart"
      options={dayNames}
      saved={saved}
      saving={isLoading}
      error={errorAt(fieldErrors(error), 'weekStart')}
      onSave={(weekStart) => void choose(weekStart)}
    />
  );
};
