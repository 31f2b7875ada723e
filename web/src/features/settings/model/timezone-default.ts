import { DEFAULT_TIMEZONE } from '@tracker/contracts/constants';
import type { Settings } from '@tracker/contracts/settings/http';

/**
 * Whether the user has never chosen a time zone: the settings still carry spec.md §9's default and
 * nothing was changed since registration (updatedAt is createdAt, or unknown).
 */
export const neverChoseTimezone = (settings: Pick<Settings, 'timezone' | 'createdAt' | 'updatedAt'>): boolean =>
  settings.timezone === DEFAULT_TIMEZONE && (settings.updatedAt === null || settings.updatedAt === settings.createdAt);

/**
 * The zone the picker starts on: on first use this device's zone (when it knows one and it differs),
 * so the user only has to confirm it; otherwise the saved one.
 */
export const initialTimezone = (settings: Pick<Settings, 'timezone' | 'createdAt' | 'updatedAt'>, deviceZone: string | undefined): string =>
  deviceZone && neverChoseTimezone(settings) ? deviceZone : settings.timezone;
