import { z } from 'zod';
import { calendarDate } from '../common/fields.ts';

// A receipt says how points were counted: the rule of the points table (DESIGN.md, "Points rules")
// that applied, the rules version, the inputs the rule took and the points it gave. The domain's
// award functions (services/domain/src/points/rules.ts) return the points and the receipt from one
// computation; a receipt's inputs, put through its version's rule, give its points again.

const count = z.number().int().nonnegative();
const rulesVersion = z.number().int().positive();
const awarded = z.number().int().positive();

/** goal 25 × (6 − priority), task 10 ×, subtask 5 ×; `base` is the kind's multiplier in that version. */
export const workItemReceipt = z.object({
  rule: z.enum(['goal', 'task', 'subtask']),
  rulesVersion,
  inputs: z.object({ priority: z.number().int().min(1).max(5), base: awarded }),
  points: awarded,
});

/**
 * `pointsToBeAwarded` when > 0, else 10 × weight; halved (rounded down, at least 1) when `late`:
 * completed `daysLate` local days after its deadline's (0 when on time or without a deadline).
 */
export const actionableReceipt = z.object({
  rule: z.literal('actionable'),
  rulesVersion,
  inputs: z.object({ weight: awarded, pointsToBeAwarded: count, late: z.boolean(), daysLate: count }),
  points: awarded,
});

/** 10 × weight + min(streak − 1, 10) × weight, at the streak after the completion (counted as at least 1). */
export const habitReceipt = z.object({
  rule: z.literal('habit'),
  rulesVersion,
  inputs: z.object({ weight: awarded, streak: count }),
  points: awarded,
});

/** A later credit whose streak a backfill lengthened: it earns the difference its new streak makes. */
const recountedCredit = z.object({ date: calendarDate, streak: count, previousStreak: count, backfilled: z.boolean() });

/**
 * A habit's day recorded afterwards (`date`): half the habit rule at its `streak` (rounded down, at
 * least 1), plus, for each later credit it lengthened, what that credit's new streak adds.
 */
export const habitBackfillReceipt = z.object({
  rule: z.literal('habitBackfill'),
  rulesVersion,
  inputs: z.object({ weight: awarded, streak: count, date: calendarDate, recounted: z.array(recountedCredit).max(400) }),
  points: awarded,
});

/** How an award was counted: one receipt per rule of the points table. */
export const awardReceipt = z.discriminatedUnion('rule', [workItemReceipt, actionableReceipt, habitReceipt, habitBackfillReceipt]);
export type AwardReceipt = z.infer<typeof awardReceipt>;
export type AwardRule = AwardReceipt['rule'];

/**
 * A revocation takes back exactly the award that stands: `inputs.awarded` points, counted by the
 * rules of `rulesVersion` (null only for an award its item recorded before versions were kept in
 * its state). `points` is negative.
 */
export const revocationReceipt = z.object({
  rule: z.literal('revocation'),
  rulesVersion: rulesVersion.nullable(),
  inputs: z.object({ awarded }),
  points: z.number().int().negative(),
});
export type RevocationReceipt = z.infer<typeof revocationReceipt>;

/** What an answer that moved points carries: how an award was counted, or what a revocation took back. */
export const pointsReceipt = z.discriminatedUnion('rule', [workItemReceipt, actionableReceipt, habitReceipt, habitBackfillReceipt, revocationReceipt]);
export type PointsReceipt = z.infer<typeof pointsReceipt>;

/** An update's answer beside its item: present when the update moved points (completed, or reopened). */
export const movedPoints = { receipt: pointsReceipt.optional() };
