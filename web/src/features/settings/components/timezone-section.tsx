import type { Settings } from '@tracker/contracts/settings/http';
import { useMemo, useState, type FormEvent } from 'react';
import { SelectField } from '../../../components/form/select-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { errorAt } from '../../../components/form/form-errors.ts';
import { failureText } from '../../../lib/api/failure-text.ts';
import { fieldErrors } from '../../../lib/api/api-errors.ts';
import { settingsFailures, useChangeTimezoneMutation } from '../../../lib/settings/settings.api.ts';
import { browserTimezone, timezoneOptions, zoneLabel } from '../../../lib/settings/timezones.ts';
import { endOfToday } from '../model/day-start.ts';
import { initialTimezone } from '../model/timezone-default.ts';
import { SettingsSection } from './settings-section.tsx';

const clockIn = (zone: string): string | undefined => {
  try {
    return new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZone: zone }).format(new Date());
  } catch {
    return undefined;
  }
};

/**
 * The user's time zone (the profile's too): the days after today count in it (today too, when the
 * date there is today's); days already recorded keep their dates. A change that waits for today's
 * end says so. On first use the picker offers this device's zone.
 */
export const TimezoneSection = ({ settings }: { settings: Settings }) => {
  const [changeTimezone, { isLoading, error }] = useChangeTimezoneMutation();
  const toast = useToast();
  const device = browserTimezone();
  const [zone, setZone] = useState(() => initialTimezone(settings, device));
  const zones = useMemo(() => timezoneOptions(zone), [zone]);
  const unsaved = zone !== settings.timezone;
  const suggested = unsaved && zone === device;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await changeTimezone(zone);
    if ('error' in result) toast.error(failureText(result.error, settingsFailures.timezone));
    else if (result.data.next && result.data.next.timezone !== result.data.today.timezone)
      toast.success(
        `Your new time zone, ${zoneLabel(result.data.next.timezone)}, applies from tomorrow; today ends in ${zoneLabel(result.data.today.timezone)}.`,
        {
          title: 'Time zone saved',
        },
      );
    else toast.success(`Days now count in ${zoneLabel(result.data.timezone)}.`, { title: 'Time zone saved' });
  };

  const { today, next } = settings;
  const pending = next && next.timezone !== today.timezone ? next.timezone : undefined;

  const hint = suggested
    ? `Detected from this device. Save to count your days in ${zoneLabel(zone)}.`
    : device && device !== zone
      ? `This device is set to ${zoneLabel(device)}.`
      : undefined;

  return (
    <SettingsSection
      id="timezone"
      title="Time zone"
      header={
        <>
          <p className="panel__subtitle">
            {/* While a change waits, today still counts in the old zone: "your days are counted in" the new one would contradict the line below. */}
            {pending ? 'Your time zone is ' : 'Your days are counted in '}
            <strong data-testid="settings-timezone-current">{zoneLabel(settings.timezone)}</strong>
            {clockIn(settings.timezone) ? ` (now ${clockIn(settings.timezone)})` : ''}. A change applies when today ends (at once if the date there is
            today&rsquo;s); days already recorded keep their dates.
          </p>
          {pending && (
            <p className="settings-pending" role="status" data-testid="settings-timezone-pending">
              It applies from tomorrow: today still counts in {zoneLabel(today.timezone)}, until midnight there ({endOfToday(today.endsAt, today.timezone)}),
              then your days count in {zoneLabel(pending)}.
            </p>
          )}
        </>
      }
    >
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="settings-inline">
          <SelectField
            label="Time zone"
            name="timezone"
            options={zones}
            value={zone}
            onChange={(event) => setZone(event.target.value)}
            hint={hint}
            error={errorAt(fieldErrors(error), 'timezone')}
          />
          <SubmitButton pending={isLoading}>{suggested ? 'Use this time zone' : 'Save time zone'}</SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
};
