import { z } from 'zod';
import { calendarDate, id, instant, isoDateTime, wholeNumberParam } from '../common/fields.ts';
import { pointsSourceTypes } from './events.ts';
import { awardReceipt } from './receipt.ts';

/** Entries in one answer when the request names no limit, and at most. */
export const AUDIT_PAGE_DEFAULT = 500;
export const AUDIT_PAGE_MAX = 1000;

const cursorMessage = 'must be the nextCursor of an earlier page';
// btoa/atob, not Buffer: the web imports these schemas too. A position is ASCII.
const toBase64Url = (text: string): string => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (value: string): string => atob(value.replace(/-/g, '+').replace(/_/g, '/'));

/** The cursor an audit page hands out: the last entry's log position, opaque to clients (base64url). */
export const encodeAuditCursor = (position: string): string => toBase64Url(position);

/**
 * A cursor sent back: decoded to the log position the previous page ended at. Whether it is a
 * position of this store is the route's to check (positions are the store's own).
 */
export const auditCursor = z
  .string({ message: cursorMessage })
  .max(200, cursorMessage)
  .transform((value, ctx): string => {
    let decoded: string | undefined;
    try {
      decoded = /^[A-Za-z0-9_-]+$/.test(value) ? fromBase64Url(value) : undefined;
    } catch {
      decoded = undefined;
    }
    if (decoded !== undefined && /^[\x21-\x7e]{1,120}$/.test(decoded)) return decoded;
    ctx.addIssue({ code: 'custom', message: cursorMessage });
    return z.NEVER;
  });

/**
 * GET /points/audit?asOf&limit&cursor: the replay stops at `asOf` (inclusive; absent, it runs to the
 * end of the log). Entries come a page at a time, in log order: `limit` (default 500, at most 1000)
 * and the `nextCursor` of the page before.
 */
export const pointsAuditQuery = z.object({
  asOf: instant.optional(),
  limit: wholeNumberParam(1, AUDIT_PAGE_MAX).optional(),
  cursor: auditCursor.optional(),
});
export type PointsAuditQuery = z.input<typeof pointsAuditQuery>;

/** One award (points > 0) or revocation (points < 0) as the log recorded it, in log order. */
export const auditEntry = z.object({
  occurredAt: isoDateTime,
  points: z.number().int(),
  reason: z.string(),
  sourceType: z.enum(pointsSourceTypes),
  sourceId: id,
  /**
   * The rules the award was computed by; on a revocation, those of the award it takes back (null only
   * when the replay found no award standing for it, which is also a mismatch).
   */
  rulesVersion: z.number().int().nullable(),
  /** The event's position in the log (opaque). */
  position: z.string(),
  /** An award's receipt as its event recorded it; absent for awards recorded before receipts, and on a revocation. */
  receipt: awardReceipt.optional(),
  /** A revocation's award: its position in the log and its rules version (null on an award, or when none stood). */
  revokes: z.object({ position: z.string(), rulesVersion: z.number().int() }).nullable(),
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
 * A freeze of the user's habits as the log recorded it (HabitsFrozen, and HabitFreezeCancelled when
 * it was called off before it began): which habit (`habitId` null: all habits; `habitTitle` as the
 * habit's stream had it, null for all or a habit the audit did not read), the local dates it covers,
 * when it was set and cancelled. A freeze awards and revokes nothing: its days neither break nor
 * extend a streak, so it stands beside the awards, outside every total.
 */
export const auditFreeze = z.object({
  freezeId: id,
  habitId: id.nullable(),
  habitTitle: z.string().nullable(),
  from: calendarDate,
  to: calendarDate,
  setAt: isoDateTime,
  /** Null while it stands (as of the audit's asOf). */
  cancelledAt: isoDateTime.nullable(),
  /** The HabitsFrozen event's position in the log (opaque). */
  position: z.string(),
});
export type AuditFreeze = z.infer<typeof auditFreeze>;

/**
 * recordedTotal: what the PointsAwarded/PointsRevoked events say; recomputedTotal: what the points
 * rules of each award's version give when the user's events are replayed; ledgerTotal: what the
 * points_ledger read model holds. Consistent when the three agree and nothing mismatches. In an
 * answer, `entries` is one page of them; the totals, verdict, mismatches and freezes are always the
 * whole audit's.
 */
export const pointsAudit = z.object({
  asOf: isoDateTime.nullable(),
  recordedTotal: z.number().int(),
  recomputedTotal: z.number().int(),
  ledgerTotal: z.number().int(),
  consistent: z.boolean(),
  entries: z.array(auditEntry),
  mismatches: z.array(auditMismatch),
  /** Every freeze set by then, in log order: the whole audit's, on every page (at most FREEZES_PER_MONTH begin in a month). */
  freezes: z.array(auditFreeze),
});
export type PointsAudit = z.infer<typeof pointsAudit>;

/**
 * `entryCount`: entries in the whole audit, over every page. `nextCursor`: send it back as `cursor`
 * for the entries after this page's; null on the last page. A page asked for after the log moved
 * goes on from where the page before ended, so every entry is answered once over the pages, and the
 * last page's totals count every entry the pages answered.
 */
export const pointsAuditResponse = z.object({ audit: pointsAudit, entryCount: z.number().int(), nextCursor: z.string().nullable() });
export type PointsAuditResponse = z.infer<typeof pointsAuditResponse>;
