import { daysBetween, type LocalDate } from '../dates/local-date.ts';
import { formatLocalDate } from '../dates/date-format.ts';

// A freeze in words, the same on every screen that names one: the Habits page's freeze panel and
// cards, a habit's page and the points audit.

/** Days a freeze covers, both ends counted. */
export const freezeDays = (freeze: { from: LocalDate; to: LocalDate }): number => daysBetween(freeze.from, freeze.to) + 1;

/** 'Mon, Nov 30 – Sun, Dec 6' (the year only when it is not this one, or the range spans two). */
export const freezeRangeText = (freeze: { from: LocalDate; to: LocalDate }, today: LocalDate): string => {
  const withYear = freeze.from.slice(0, 4) !== today.slice(0, 4) || freeze.to.slice(0, 4) !== freeze.from.slice(0, 4);
  const format = (date: LocalDate) => formatLocalDate(date, { weekday: 'short', month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}) });
  return freeze.from === freeze.to ? format(freeze.from) : `${format(freeze.from)} – ${format(freeze.to)}`;
};
