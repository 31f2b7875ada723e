import { weekStarts, type WeekStart } from '@tracker/contracts/settings/http';
import { weekdayOf } from '@tracker/domain/actionables/recurrence';
import { addDays } from '@tracker/domain/time/local-date';
import type { ReadModelDb } from '@tracker/projections/db';
import { weekStartOf } from '@tracker/projections/settings/settings.queries';

/** The day each user's week starts on (their setting). */
export type WeekStartOf = (userId: string) => Promise<WeekStart>;

/** From the settings read model (spec.md §9's default, sunday, for a user it does not know yet). */
export const weekStartFromSettings =
  (db: ReadModelDb): WeekStartOf =>
  (userId) =>
    weekStartOf(db, userId);

/** The first local date of the week `today` falls in, weeks starting on `weekStart`. */
export const firstDayOfWeek = (today: string, weekStart: WeekStart): string => {
  const back = (weekdayOf(today) - weekStarts.indexOf(weekStart) + 7) % 7;
  return addDays(today, -back);
};
