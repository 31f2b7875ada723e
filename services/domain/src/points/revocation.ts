import type { Unversioned } from '@tracker/contracts/common/events';
import type { EventOf } from '@tracker/contracts/events';
import type { RevocationReceipt } from '@tracker/contracts/points/receipt';

type PointsRevoked = Unversioned<EventOf<'PointsRevoked'>>;

/**
 * What reopening a completed item takes back: exactly the points its completion stands awarded
 * (`awarded`), booked where the award was (`hierarchy`), so the ledger nets to zero; it names the
 * rules version the award was counted by (`revokes`; null when the state did not record it).
 */
export const revocationOf = (
  item: { userId: string; title: string; awarded: number; awardedRulesVersion?: number | undefined },
  { reason, source, hierarchy }: Pick<PointsRevoked['data'], 'reason' | 'source' | 'hierarchy'>,
): PointsRevoked => ({
  type: 'PointsRevoked',
  data: {
    userId: item.userId,
    points: item.awarded,
    reason,
    source,
    hierarchy,
    title: item.title,
    revokes: item.awardedRulesVersion === undefined ? null : { rulesVersion: item.awardedRulesVersion },
  },
});

/** How an answer shows a revocation: what it took back and by which rules that was counted. */
export const revocationReceipt = (event: PointsRevoked): RevocationReceipt => ({
  rule: 'revocation',
  rulesVersion: event.data.revokes?.rulesVersion ?? null,
  inputs: { awarded: event.data.points },
  points: -event.data.points,
});
