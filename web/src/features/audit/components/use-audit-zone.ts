import { useAppSelector } from '../../../app/hooks.ts';
import { selectCurrentUser } from '../../../lib/auth/auth.slice.ts';
import { useGetSettingsQuery } from '../../../lib/settings/settings.api.ts';
import { browserTimezone, isKnownTimezone } from '../../../lib/settings/timezones.ts';

/** The zone the user's days are counted in: their profile's (the settings share it), else this device's. */
export const useAuditZone = (): string => {
  const userZone = useAppSelector(selectCurrentUser)?.timezone;
  const { data: settings } = useGetSettingsQuery();
  const zone = userZone ?? settings?.timezone;
  return zone && isKnownTimezone(zone) ? zone : (browserTimezone() ?? 'UTC');
};
