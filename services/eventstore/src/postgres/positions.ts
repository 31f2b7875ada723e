import type { Position } from '../port.ts';

/**
 * A PostgreSQL position is the pair (transaction id, sequence position): subscribers read in that
 * order, below the oldest running transaction, so a transaction that took an earlier sequence value
 * but commits later is never skipped.
 */
export interface PgPosition {
  transactionId: bigint;
  position: bigint;
}

export const encodePosition = (p: PgPosition): Position => `${p.transactionId}:${p.position}` as Position;

export const decodePosition = (p: Position | 'start'): PgPosition => {
  if (p === 'start') return { transactionId: -1n, position: -1n };
  const match = /^(\d+):(\d+)$/.exec(p);
  if (!match) throw new Error(`Not a PostgreSQL event store position: ${p}`);
  return { transactionId: BigInt(match[1]!), position: BigInt(match[2]!) };
};

export const comparePgPositions = (a: Position | 'start', b: Position | 'start'): number => {
  const x = decodePosition(a);
  const y = decodePosition(b);
  if (x.transactionId !== y.transactionId) return x.transactionId < y.transactionId ? -1 : 1;
  if (x.position !== y.position) return x.position < y.position ? -1 : 1;
  return 0;
};
