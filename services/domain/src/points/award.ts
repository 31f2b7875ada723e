import type { Unversioned } from '@tracker/contracts/common/events';
import type { EventOf } from '@tracker/contracts/events';
import type { Award } from './rules.ts';

type PointsAwarded = Unversioned<EventOf<'PointsAwarded'>>;

/**
 * What completing an item awards: the points the rules counted, with the receipt that shows how and
 * the rules version it was counted by, booked where the item stands (`hierarchy`).
 */
export const awardOf = (
  item: { userId: string; title: string },
  { points, receipt }: Award,
  { reason, source, hierarchy }: Pick<PointsAwarded['data'], 'reason' | 'source' | 'hierarchy'>,
): PointsAwarded => ({
  type: 'PointsAwarded',
  data: { userId: item.userId, points, rulesVersion: receipt.rulesVersion, receipt, reason, source, hierarchy, title: item.title },
});
