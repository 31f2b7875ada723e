import { z } from 'zod';
import { defineEvent } from '../common/events.ts';

export const pointsSourceTypes = ['goal', 'task', 'subtask', 'actionable', 'habit'] as const;

const source = z.object({ type: z.enum(pointsSourceTypes), id: z.string() });
const hierarchy = z.object({
  goalId: z.string().optional(),
  taskId: z.string().optional(),
  subtaskId: z.string().optional(),
  actionableId: z.string().optional(),
});

/** Appended with the completion that earned it, in the same stream and the same append. */
export const pointsAwarded = defineEvent(
  'PointsAwarded',
  z.object({
    userId: z.string(),
    points: z.number().int().positive(),
    rulesVersion: z.number().int().positive(),
    reason: z.string(),
    source,
    hierarchy,
    title: z.string(),
  }),
);

/** Takes back exactly what an award gave, when its item leaves `completed`. */
export const pointsRevoked = defineEvent(
  'PointsRevoked',
  z.object({
    userId: z.string(),
    points: z.number().int().positive(),
    reason: z.string(),
    source,
    hierarchy,
    title: z.string(),
  }),
);

export const pointsEvents = [pointsAwarded, pointsRevoked] as const;
