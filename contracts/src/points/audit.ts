import { z } from 'zod';
import { id, instant, isoDateTime } from '../common/fields.ts';
import { pointsSourceTypes } from './events.ts';

/** GET /points/audit?asOf: the replay stops at that instant (inclusive); absent, it runs to the end of the log. */
export const pointsAuditQuery = z.object({ asOf: instant.optional() });
export type PointsAuditQuery = z.input<typeof pointsAuditQuery>;

/** One award (points > 0) or revocation (points < 0) as the log recorded it, in log order. */
export const auditEntry = z.object({
  occurredAt: isoDateTime,
  points: z.number().int(),
  reason: z.string(),
  sourceType: z.enum(pointsSourceTypes),
  sourceId: id,
  /** The rules the award was computed by; null on a revocation (it takes back what was awarded). */
  rulesVersion: z.number().int().nullable(),
  /** The event's position in the log (opaque). */
  position: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/**
 * Something that does not add up. `position`: the event concerned, or null for a ledger row that no
 * event accounts for. `expected` / `found`: points (signed), null where there is nothing on that side.
 */
export const auditMismatch = z.object({
  position: z.string().nullable(),
  expected: z.number().int().nullable(),
  found: z.number().int().nullable(),
  reason: z.string(),
});
export type AuditMismatch = z.infer<typeof auditMismatch>;

/**
 * recordedTotal: what the PointsAwarded/PointsRevoked events say; recomputedTotal: what the points
 * rules of each award's version give when the user's events are replayed; ledgerTotal: what the
 * points_ledger read model holds. Consistent when the three agree and nothing mismatches.
 */
export const pointsAudit = z.object({
  asOf: isoDateTime.nullable(),
  recordedTotal: z.number().int(),
  recomputedTotal: z.number().int(),
  ledgerTotal: z.number().int(),
  consistent: z.boolean(),
  entries: z.array(auditEntry),
  mismatches: z.array(auditMismatch),
});
export type PointsAudit = z.infer<typeof pointsAudit>;

export const pointsAuditResponse = z.object({ audit: pointsAudit });
export type PointsAuditResponse = z.infer<typeof pointsAuditResponse>;
