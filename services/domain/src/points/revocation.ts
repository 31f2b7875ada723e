import type { Unversioned } from '@tracker/contracts/common/events';
import type { EventOf } from '@tracker/contracts/events';

type PointsRevoked = Unversioned<EventOf<'PointsRevoked'>>;

/**
 * What reopening a completed item takes back: exactly the points its completion stands awarded
 * (`awarded`), booked where the award was (`hierarchy`), so the ledger nets to zero.
 */
export const revocationOf = (
  item: { userId: string; title: string; awarded: number },
  { reason, source, hierarchy }: Pick<PointsRevoked['data'], 'reason' | 'source' | 'hierarchy'>,
): PointsRevoked => ({
  type: 'PointsRevoked',
  data: { userId: item.userId, points: item.awarded, reason, source, hierarchy, title: item.title },
});
