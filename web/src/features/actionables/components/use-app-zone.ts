import { useAppSelector } from '../../../app/hooks.ts';
import { selectCurrentUser } from '../../../lib/auth/auth.slice.ts';
import { browserZone, isKnownZone } from './local-dates.ts';

/** The zone the server counts the user's days in (their profile's), else the browser's. */
export const useAppZone = (): string => {
  const zone = useAppSelector(selectCurrentUser)?.timezone;
  return zone && isKnownZone(zone) ? zone : browserZone();
};
