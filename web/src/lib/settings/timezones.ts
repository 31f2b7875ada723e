import { DEFAULT_TIMEZONE } from '@tracker/contracts/constants';

/** Every IANA zone the browser knows, with the current value kept even if the list lacks it (e.g. 'UTC'). */
export const timezoneOptions = (current: string): string[] => {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIMEZONE];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
};

/** This device's zone (Intl), or undefined where Intl cannot tell. */
export const browserTimezone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

/** Whether Intl knows the zone: a stored zone always should, but a typo must not break a screen. */
export const isKnownTimezone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** 'America/New_York' → 'America/New York'. */
export const zoneLabel = (zone: string): string => zone.replaceAll('_', ' ');
