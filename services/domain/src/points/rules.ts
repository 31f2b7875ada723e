import type { AwardReceipt } from '@tracker/contracts/points/receipt';
import { daysBetween, isLaterDate } from '../time/local-date.ts';

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

/** The rules of one version: an award records its version, and is recomputed by that version's rules. */
export interface PointsRules {
  workItemPoints(kind: WorkItemKind, priority: number): number;
  actionablePoints(weight: number, pointsToBeAwarded: number, late: boolean): number;
  habitPoints(weight: number, streak: number): number;
  /** Version 1 gained it with backfills; no award before them used it. */
  habitBackfillPoints?: ((weight: number, streak: number) => number) | undefined;
  isLateCompletion(deadlineLocalDate: string | null, completionLocalDate: string): boolean;
}

/** The habit rules of one version (what a habit completion's points are recounted by). */
export type HabitRules = Pick<PointsRules, 'habitPoints' | 'habitBackfillPoints'>;

/** Every rules version ever recorded. A new version is added here, never changed in place. */
export const rulesByVersion: Readonly<Record<number, PointsRules>> = {
  1: { workItemPoints, actionablePoints, habitPoints, habitBackfillPoints, isLateCompletion },
};

/**
 * An award as the deciders make it: the points and the receipt that says how they were counted, from
 * one computation (the receipt's `points` is the award's), so an answer's receipt cannot disagree
 * with what the ledger books.
 */
export interface Award<R extends AwardReceipt = AwardReceipt> {
  points: number;
  receipt: R;
}

const award = <R extends AwardReceipt>(receipt: R): Award<R> => ({ points: receipt.points, receipt });

export const workItemAward = (kind: WorkItemKind, priority: number): Award =>
  award({ rule: kind, rulesVersion: RULES_VERSION, inputs: { priority, base: basePerKind[kind] }, points: workItemPoints(kind, priority) });

/** A to-do completed on `completionLocalDate`: late (and by how many local days) against its deadline's local day, in the completion's zone. */
export const actionableAward = (
  weight: number,
  pointsToBeAwarded: number,
  deadlineLocalDate: string | null,
  completionLocalDate: string,
): Award<Extract<AwardReceipt, { rule: 'actionable' }>> => {
  const late = isLateCompletion(deadlineLocalDate, completionLocalDate);
  const daysLate = late && deadlineLocalDate !== null ? daysBetween(deadlineLocalDate, completionLocalDate) : 0;
  return award({
    rule: 'actionable',
    rulesVersion: RULES_VERSION,
    inputs: { weight, pointsToBeAwarded, late, daysLate },
    points: actionablePoints(weight, pointsToBeAwarded, late),
  });
};

/** A habit completion at the streak after it (a streak of 0 — a week not yet met — counts as 1). */
export const habitAward = (weight: number, streak: number): Award =>
  award({ rule: 'habit', rulesVersion: RULES_VERSION, inputs: { weight, streak }, points: habitPoints(weight, Math.max(1, streak)) });

type Recounted = Extract<AwardReceipt, { rule: 'habitBackfill' }>['inputs']['recounted'][number];

/** What a credit is worth at a streak by one version's rules: a day recorded afterwards half. */
const creditWorth = (rules: HabitRules, weight: number, backfilled: boolean, streak: number): number | null => {
  if (!backfilled) return rules.habitPoints(weight, Math.max(1, streak));
  return rules.habitBackfillPoints ? rules.habitBackfillPoints(weight, Math.max(1, streak)) : null;
};

/** What a backfill earns by one version's rules: half its day's worth, plus what each later credit's longer streak adds (null: that version has no backfills). */
export const backfillPoints = (rules: HabitRules, weight: number, streak: number, recounted: readonly Recounted[]): number | null => {
  let sum = creditWorth(rules, weight, true, streak);
  for (const credit of recounted) {
    const now = creditWorth(rules, weight, credit.backfilled, credit.streak);
    const before = creditWorth(rules, weight, credit.backfilled, credit.previousStreak);
    sum = sum === null || now === null || before === null ? null : sum + now - before;
  }
  return sum;
};

/** A habit's day `date` recorded afterwards at `streak`, and the later credits whose streaks it lengthened. */
export const habitBackfillAward = (weight: number, streak: number, date: string, recounted: readonly Recounted[]): Award =>
  award({
    rule: 'habitBackfill',
    rulesVersion: RULES_VERSION,
    inputs: { weight, streak, date, recounted: [...recounted] },
    points: backfillPoints(rulesByVersion[RULES_VERSION]!, weight, streak, recounted)!,
  });

/**
 * The points a receipt's inputs give by the rules of its version: what the audit checks a recorded
 * receipt against. Null for a version (or a rule of it) this code does not know.
 */
export const receiptPoints = (receipt: AwardReceipt): number | null => {
  const rules = rulesByVersion[receipt.rulesVersion];
  if (!rules) return null;
  switch (receipt.rule) {
    case 'goal':
    case 'task':
    case 'subtask':
      return rules.workItemPoints(receipt.rule, receipt.inputs.priority);
    case 'actionable':
      return rules.actionablePoints(receipt.inputs.weight, receipt.inputs.pointsToBeAwarded, receipt.inputs.late);
    case 'habit':
      return rules.habitPoints(receipt.inputs.weight, Math.max(1, receipt.inputs.streak));
    case 'habitBackfill':
      return backfillPoints(rules, receipt.inputs.weight, receipt.inputs.streak, receipt.inputs.recounted);
    default: {
      const _exhaustive: never = receipt;
      return null;
    }
  }
};
