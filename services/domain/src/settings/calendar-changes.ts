import { DEFAULT_DAY_START_HOUR } from '@tracker/contracts/constants';
import type { Unversioned } from '@tracker/contracts/common/events';
import type { SettingsEvent } from '@tracker/contracts/settings/events';
import type { UserEvent } from '@tracker/contracts/users/events';
import type { Settings } from '@tracker/contracts/settings/http';
import { calendarAt, changeDayStart, changeZone, startCalendar, type DayRule, type UserCalendar } from '../time/user-calendar.ts';

/** The events of a user's stream that move their calendar. */
export type CalendarEvent = Unversioned<
  Extract<UserEvent | SettingsEvent, { type: 'UserRegistered' | 'UserProfileUpdated' | 'UserSettingsUpdated' | 'UserSettingsReset' }>
>;

const changesOf = (event: Exclude<CalendarEvent, { type: 'UserRegistered' }>): { zone?: string | undefined; dayStartHour?: number | undefined } => {
  switch (event.type) {
    case 'UserProfileUpdated':
      return { zone: event.data.timezone };
    case 'UserSettingsUpdated':
      return { zone: event.data.timezone, dayStartHour: event.data.dayStartHour };
    case 'UserSettingsReset':
      // A reset recorded before day starts existed meant the only day start there was.
      return { zone: event.data.settings.timezone, dayStartHour: event.data.settings.dayStartHour ?? DEFAULT_DAY_START_HOUR };
  }
};

/**
 * The user's calendar after `event`, recorded at `at`: registration starts it in the zone registered
 * with; a new zone or day-start hour is a change made at `at` (user-calendar.ts says when it
 * applies). Only the event and its instant count, so a replay folds the same calendar. The decider
 * and the settings read model both fold it here.
 */
export const calendarAfter = (calendar: UserCalendar, event: Exclude<CalendarEvent, { type: 'UserRegistered' }>, at: string): UserCalendar => {
  const { zone, dayStartHour } = changesOf(event);
  const moved = zone !== undefined ? changeZone(calendar, at, zone) : calendar;
  return dayStartHour !== undefined ? changeDayStart(moved, at, dayStartHour) : moved;
};

/** The calendar a registration at `at` starts. */
export const calendarOfRegistration = (event: Extract<CalendarEvent, { type: 'UserRegistered' }>, at: string): UserCalendar =>
  startCalendar(at, { zone: event.data.timezone, dayStartHour: DEFAULT_DAY_START_HOUR });

/** The calendar of a settings row written before calendars were kept: begun at `at` in the row's zone and day start. */
export const calendarOrStart = (calendar: UserCalendar | null | undefined, at: Date | string, rule: DayRule): UserCalendar =>
  calendar ?? startCalendar(at, rule);

/** Today as the settings answer it (GET /settings, and every write's answer), and what waits for tomorrow when it differs. */
export const todayInSettings = (calendar: UserCalendar, at: Date): Pick<Settings, 'today' | 'next'> => {
  const now = calendarAt(calendar, at);
  const { rule, next } = now;
  const changed = next.zone !== rule.zone || next.dayStartHour !== rule.dayStartHour;
  return {
    today: { date: now.day, endsAt: now.endsAt, timezone: rule.zone, dayStartHour: rule.dayStartHour },
    next: changed ? { timezone: next.zone, dayStartHour: next.dayStartHour } : null,
  };
};
