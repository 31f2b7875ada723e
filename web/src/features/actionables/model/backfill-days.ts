import { HABIT_BACKFILL_MAX_DAYS, type habitHistoryResponse } from '@tracker/contracts/actionables/http';
import type { z } from 'zod';
import { addDays, type LocalDate } from '../../../lib/dates/local-date.ts';
import { shortDay } from '../../../lib/habits/habit-today.ts';

export type HabitHistoryDay = z.infer<typeof habitHistoryResponse>['history'][number];

/** The range of days a missed one may be recorded in: the last HABIT_BACKFILL_MAX_DAYS before today. */
export const backfillWindow = (today: LocalDate): { startDate: LocalDate; endDate: LocalDate } => ({
  startDate: addDays(today, -HABIT_BACKFILL_MAX_DAYS),
  endDate: addDays(today, -1),
});

/** The days that may be recorded afterwards: scheduled, not credited (missed), within the window; the latest first. */
export const missedDays = (history: readonly HabitHistoryDay[], today: LocalDate): LocalDate[] => {
  const { startDate, endDate } = backfillWindow(today);
  return history
    .filter((day) => day.state === 'missed' && day.date >= startDate && day.date <= endDate)
    .map((day) => day.date)
    .sort((a, b) => b.localeCompare(a));
};

/** 'Yesterday, Tue, Nov 24' or 'Sat, Nov 21': a day to record, as the choice names it. */
export const missedDayLabel = (date: LocalDate, today: LocalDate): string => (date === addDays(today, -1) ? `Yesterday, ${shortDay(date)}` : shortDay(date));
