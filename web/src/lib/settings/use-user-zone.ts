import { useSelector } from 'react-redux';
import { selectCurrentUser } from '../auth/auth.slice.ts';
import { useGetSettingsQuery } from './settings.api.ts';
import { browserTimezone, isKnownTimezone } from './timezones.ts';

/** The zone the server counts the user's days in: their profile's (the settings share it), else this device's. */
export const useUserZone = (): string => {
  const userZone = useSelector(selectCurrentUser)?.timezone;
  const { data: settings } = useGetSettingsQuery();
  const zone = userZone ?? settings?.timezone;
  return zone && isKnownTimezone(zone) ? zone : (browserTimezone() ?? 'UTC');
};
