import { DEFAULT_TIMEZONE } from '@tracker/contracts/constants';

/**
 * Every IANA zone the browser knows, and always UTC, this device's zone and the current value, in
 * order: Intl's list leaves out UTC (and Etc/*), so an account that signed up in UTC, or on a device
 * set to it, could leave it for another zone and never choose it again.
 */
export const timezoneOptions = (current: string, device: string | undefined = browserTimezone()): string[] => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIMEZONE];
  const extra = ['UTC', device, current].filter((zone): zone is string => Boolean(zone) && !known.includes(zone!));
  return extra.length === 0 ? known : [...new Set([...known, ...extra])].sort();
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
