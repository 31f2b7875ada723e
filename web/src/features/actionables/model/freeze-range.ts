import { FREEZE_MAX_DAYS } from '@tracker/contracts/actionables/http';
import { addDays, daysBetween, isLocalDate, type LocalDate } from '../../../lib/dates/local-date.ts';

/** How far ahead a freeze may begin (the server's rule: up to a year ahead). */
export const FREEZE_MAX_DAYS_AHEAD = 365;

/** The form's own checks of a freeze's dates, by field; the server decides the rest (the monthly limit, overlaps). */
export const freezeRangeProblems = (from: string, to: string, today: LocalDate): { from?: string; to?: string } => {
  if (!isLocalDate(from)) return { from: 'Choose the first day of the freeze' };
  if (from < today) return { from: 'must be today or later' };
  if (from > addDays(today, FREEZE_MAX_DAYS_AHEAD)) return { from: 'must be within a year from today' };
  if (!isLocalDate(to)) return { to: 'Choose the last day of the freeze' };
  if (to < from) return { to: 'must not be before the first day' };
  if (daysBetween(from, to) + 1 > FREEZE_MAX_DAYS) return { to: `must be at most ${FREEZE_MAX_DAYS} days after the first day, counting both` };
  return {};
};

/** current: under way today; upcoming: not begun (it can still be cancelled); past: over. */
export const freezeStatus = (freeze: { from: LocalDate; to: LocalDate }, today: LocalDate): 'current' | 'upcoming' | 'past' =>
  freeze.from > today ? 'upcoming' : freeze.to >= today ? 'current' : 'past';

/** The freezes still to show (under way or to come), soonest first. */
export const freezesAhead = <F extends { from: LocalDate; to: LocalDate }>(freezes: readonly F[], today: LocalDate): F[] =>
  freezes.filter((freeze) => freeze.to >= today).sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
