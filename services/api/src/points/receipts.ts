import type { Unversioned } from '@tracker/contracts/common/events';
import type { EventOf } from '@tracker/contracts/events';
import type { AwardReceipt, PointsReceipt, RevocationReceipt } from '@tracker/contracts/points/receipt';
import { revocationReceipt } from '@tracker/domain/points/revocation';

type PointsEvent = Unversioned<EventOf<'PointsAwarded' | 'PointsRevoked'>>;
type Decided = { type: string } | PointsEvent;

const isAward = (event: Decided): event is Extract<PointsEvent, { type: 'PointsAwarded' }> => event.type === 'PointsAwarded';
const isRevocation = (event: Decided): event is Extract<PointsEvent, { type: 'PointsRevoked' }> => event.type === 'PointsRevoked';

/**
 * The receipt of the award a completion decided, as its event records it (the decider made both in
 * one computation). A completion always awards: none here is a bug, not the caller's error.
 */
export const awardReceiptOf = (events: readonly Decided[]): AwardReceipt => {
  const receipt = events.find(isAward)?.data.receipt;
  if (!receipt) throw new Error('A completion decided no award with a receipt');
  return receipt;
};

/** What a take-back or reopening revoked, as a receipt; null when it revoked nothing. */
export const revocationReceiptOf = (events: readonly Decided[]): RevocationReceipt | null => {
  const revoked = events.find(isRevocation);
  return revoked ? revocationReceipt(revoked) : null;
};

/**
 * What an update's answer adds when it moved points (a status change to or from completed): the
 * award's receipt or what the revocation took back; nothing when no points moved.
 */
export const movedPointsOf = (events: readonly Decided[]): { receipt?: PointsReceipt } => {
  const receipt = events.find(isAward)?.data.receipt ?? revocationReceiptOf(events);
  return receipt ? { receipt } : {};
};
