import { useEffect } from 'react';
import type { LocalDate } from '../dates/local-date.ts';
import { todayIn } from '../dates/zone-clock.ts';
import { useGetSettingsQuery } from './settings.api.ts';
import { useUserZone } from './use-user-zone.ts';

/** Today as the screens show it: the date, and the zone it counts in. */
export interface Today {
  date: LocalDate;
  timezone: string;
}

/** How long after `endsAt` the settings are asked again: the server's clock may run a little behind this device's. */
const AFTER_END_MS = 1_000;
/** When this device's clock is already past `endsAt` (it runs ahead of the server's), ask again this often rather than at once. */
const RETRY_MS = 30_000;
/** setTimeout's longest delay. */
const MAX_DELAY_MS = 2_147_483_647;

/** How long to wait before asking for the day after the one that ends at `endsAt`. */
export const untilNextDay = (endsAt: string, now: number): number => {
  const wait = Date.parse(endsAt) - now + AFTER_END_MS;
  return Math.min(wait > AFTER_END_MS ? wait : RETRY_MS, MAX_DELAY_MS);
};

/**
 * The user's today, from one place: the server's (GET /settings' `today`, the day every route counts
 * in: a zone or day-start change waits for today's end), asked again when that day ends, so every
 * screen agrees with the server and with each other. Until the settings load, today in the user's
 * zone by this device's clock.
 */
export const useToday = (): Today => {
  const zone = useUserZone();
  const { data: settings, refetch } = useGetSettingsQuery();
  const endsAt = settings?.today.endsAt;
  useEffect(() => {
    if (!endsAt) return undefined;
    const timer = setTimeout(() => void refetch(), untilNextDay(endsAt, Date.now()));
    return () => clearTimeout(timer);
  }, [endsAt, refetch]);
  return settings ? { date: settings.today.date, timezone: settings.today.timezone } : { date: todayIn(zone), timezone: zone };
};
