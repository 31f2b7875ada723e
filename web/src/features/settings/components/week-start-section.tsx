import { weekStarts, type Settings, type WeekStart } from '@tracker/contracts/settings/http';
import { DELIBERATE_SELECT_HINT, useDeliberateSelect } from '../../../components/form/deliberate-select.ts';
import { SelectField } from '../../../components/form/select-field.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { errorAt, failureText } from '../../../components/form/form-errors.ts';
import { fieldErrors } from '../../../lib/api/api-errors.ts';
import { settingsFailures, useChangeWeekStartMutation } from '../../../lib/settings/settings.api.ts';

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

  // Arrowing through the days is a draft until Enter or leaving: each day passed is not saved.
  const { draft, props } = useDeliberateSelect<WeekStart>(saved, (weekStart) => void choose(weekStart));

  return (
    <section className="panel settings-section" aria-labelledby="week-start-title">
      <div className="panel__header">
        <h2 id="week-start-title" className="panel__title">
          Week
        </h2>
        <p className="panel__subtitle">Points this week and the activity map count weeks from this day.</p>
      </div>
      <SelectField
        label="Week starts on"
        name="weekStart"
        options={dayNames}
        {...props}
        disabled={isLoading}
        hint={draft ? DELIBERATE_SELECT_HINT : undefined}
        error={errorAt(fieldErrors(error), 'weekStart')}
      />
    </section>
  );
};
