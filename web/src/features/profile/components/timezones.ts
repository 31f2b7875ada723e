import { DEFAULT_TIMEZONE } from '@tracker/contracts/constants';

/** Every IANA zone the browser knows, with the current value kept even if the list lacks it (e.g. 'UTC'). */
export const timezoneOptions = (current: string): string[] => {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_TIMEZONE];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
};

export const browserTimezone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};
