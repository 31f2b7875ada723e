import { z } from 'zod';
import { defineEvent } from '../common/events.ts';
import { id, storedText } from '../common/fields.ts';
import { awardReceipt } from './receipt.ts';

export const pointsSourceTypes = ['goal', 'task', 'subtask', 'actionable', 'habit'] as const;

const source = z.object({ type: z.enum(pointsSourceTypes), id });
const hierarchy = z.object({
  goalId: id.optional(),
  taskId: id.optional(),
  subtaskId: id.optional(),
  actionableId: id.optional(),
});

/** PointsAwarded before receipts (schema version 1): upcast with `receipt: null` (upcasters.ts). */
export const pointsAwardedV1 = z.object({
  userId: id,
  points: z.number().int().positive(),
  rulesVersion: z.number().int().positive(),
  reason: storedText,
  source,
  hierarchy,
  title: storedText,
});

/**
 * Appended with the completion that earned it, in the same stream and the same append. Version 2
 * carries its receipt (how the rules counted it; null for awards recorded before receipts, which the
 * audit recomputes from the replay alone).
 */
export const pointsAwarded = defineEvent('PointsAwarded', pointsAwardedV1.extend({ receipt: awardReceipt.nullable() }), 2);

/** PointsRevoked before it named its award (schema version 1: an award's fields less its rules version): upcast with `revokes: null` (upcasters.ts). */
export const pointsRevokedV1 = pointsAwardedV1.omit({ rulesVersion: true });

/**
 * Takes back exactly what an award gave, when its item leaves `completed` (or a habit completion is
 * taken back). Version 2 names the award: `revokes.rulesVersion`, the rules it was counted by (null
 * when the item's state did not know it, or for revocations recorded before version 2). The award's
 * log position is assigned when it is appended, after the decider ran, so the decider cannot name it:
 * the audit finds it in its replay (the award that stands in the same stream) and shows it.
 */
export const pointsRevoked = defineEvent(
  'PointsRevoked',
  pointsRevokedV1.extend({ revokes: z.object({ rulesVersion: z.number().int().positive() }).nullable() }),
  2,
);

export const pointsEvents = [pointsAwarded, pointsRevoked] as const;
