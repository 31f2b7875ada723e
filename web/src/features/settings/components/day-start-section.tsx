import type { Settings } from '@tracker/contracts/settings/http';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { errorAt } from '../../../components/form/form-errors.ts';
import { failureText } from '../../../lib/api/failure-text.ts';
import { fieldErrors } from '../../../lib/api/api-errors.ts';
import { settingsFailures, useChangeDayStartMutation } from '../../../lib/settings/settings.api.ts';
import { hourLabel } from '../model/day-start.ts';
import { SelectSection } from './select-section.tsx';

const hours = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: hourLabel(hour) }));

const DAY_START_HINT = 'A completion before this hour counts for the day before; a change applies from tomorrow.';

/** The hour the user's days start. Saved when picked from the list, or on Enter after arrowing; it applies from tomorrow. */
export const DayStartSection = ({ settings }: { settings: Settings }) => {
  const [changeDayStart, { isLoading, error, originalArgs }] = useChangeDayStartMutation();
  const toast = useToast();
  const saved = String(isLoading && originalArgs !== undefined ? originalArgs : settings.dayStartHour);
  const waiting = settings.next && settings.next.dayStartHour !== settings.today.dayStartHour ? settings.next.dayStartHour : undefined;

  const choose = async (hour: number) => {
    const result = await changeDayStart(hour);
    if ('error' in result) toast.error(failureText(result.error, settingsFailures.dayStart));
    else toast.success(`From tomorrow, your days start at ${hourLabel(hour)}.`, { title: 'Day start saved' });
  };

  return (
    <SelectSection
      id="day-start"
      title="Day start"
      header={
        <p className="panel__subtitle" data-testid="settings-day-start-today">
          Today started at {hourLabel(settings.today.dayStartHour)}
          {waiting !== undefined ? `; from tomorrow, days start at ${hourLabel(waiting)}.` : '.'}
        </p>
      }
      label="Day starts at"
      name="dayStartHour"
      options={hours}
      saved={saved}
      saving={isLoading}
      hint={DAY_START_HINT}
      error={errorAt(fieldErrors(error), 'dayStartHour')}
      onSave={(hour) => void choose(Number(hour))}
    />
  );
};
