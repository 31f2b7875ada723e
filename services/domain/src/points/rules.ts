import { isLaterDate } from '../time/local-date.ts';

/**
 * Points rules, version 1 (DESIGN.md). Every award records the version it was computed with, so an
 * audit replays each award through the rules that made it.
 */
export const RULES_VERSION = 1;

export type WorkItemKind = 'goal' | 'task' | 'subtask';

const basePerKind: Record<WorkItemKind, number> = { subtask: 5, task: 10, goal: 25 };

/** subtask 5 × (6 − priority), task 10 ×, goal 25 ×; priority 1 is highest. */
export const workItemPoints = (kind: WorkItemKind, priority: number): number => basePerKind[kind] * (6 - priority);

/**
 * Late means completed after the end of the deadline's local day: on a later local date than the
 * deadline's, both in the zone of the completion. No deadline, never late. Dates compare as dates
 * (YYYY-MM-DD, never an expanded year that would sort before today).
 */
export const isLateCompletion = (deadlineLocalDate: string | null, completionLocalDate: string): boolean =>
  deadlineLocalDate !== null && isLaterDate(completionLocalDate, deadlineLocalDate);

/** pointsToBeAwarded when > 0, else 10 × weight; half (rounded down, at least 1) when late. */
export const actionablePoints = (weight: number, pointsToBeAwarded: number, late: boolean): number => {
  const full = pointsToBeAwarded > 0 ? pointsToBeAwarded : 10 * weight;
  return late ? Math.max(1, Math.floor(full / 2)) : full;
};

/** 10w on the first day of a streak, one w more per day, capped at 20w from the 11th. */
export const habitPoints = (weight: number, streak: number): number => 10 * weight + Math.min(streak - 1, 10) * weight;

/**
 * A habit occurrence recorded afterwards (a backfill, up to 7 days back): half the habit's points
 * (rounded down, at least 1), as for a late to-do — the streak it restores is worth the rest.
 */
export const habitBackfillPoints = (weight: number, streak: number): number => Math.max(1, Math.floor(habitPoints(weight, streak) / 2));
