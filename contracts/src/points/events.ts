import { z } from 'zod';
import { defineEvent } from '../common/events.ts';
import { id, storedText } from '../common/fields.ts';

export const pointsSourceTypes = ['goal', 'task', 'subtask', 'actionable', 'habit'] as const;

const source = z.object({ type: z.enum(pointsSourceTypes), id });
const hierarchy = z.object({
  goalId: id.optional(),
  taskId: id.optional(),
  subtaskId: id.optional(),
  actionableId: id.optional(),
});

/** Appended with the completion that earned it, in the same stream and the same append. */
export const pointsAwarded = defineEvent(
  'PointsAwarded',
  z.object({
    userId: id,
    points: z.number().int().positive(),
    rulesVersion: z.number().int().positive(),
    reason: storedText,
    source,
    hierarchy,
    title: storedText,
  }),
);

/** Takes back exactly what an award gave, when its item leaves `completed`. */
export const pointsRevoked = defineEvent(
  'PointsRevoked',
  z.object({
    userId: id,
    points: z.number().int().positive(),
    reason: storedText,
    source,
    hierarchy,
    title: storedText,
  }),
);

export const pointsEvents = [pointsAwarded, pointsRevoked] as const;
