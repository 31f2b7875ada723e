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

const CANONICAL = /^[1-9]\d*:[1-9]\d*$/;

/** Two whole numbers written without leading zeros: the longer is larger, else the text decides. */
const compareDigits = (x: string, y: string): number => (x.length !== y.length ? x.length - y.length : x < y ? -1 : x > y ? 1 : 0);

export const comparePgPositions = (a: Position | 'start', b: Position | 'start'): number => {
  // Positions as the store writes them compare as text, without BigInt: sorting thousands (the audit) stays cheap.
  if (a !== 'start' && b !== 'start' && CANONICAL.test(a) && CANONICAL.test(b)) {
    const i = a.indexOf(':');
    const j = b.indexOf(':');
    return Math.sign(compareDigits(a.slice(0, i), b.slice(0, j)) || compareDigits(a.slice(i + 1), b.slice(j + 1)));
  }
  const x = decodePosition(a);
  const y = decodePosition(b);
  if (x.transactionId !== y.transactionId) return x.transactionId < y.transactionId ? -1 : 1;
  if (x.position !== y.position) return x.position < y.position ? -1 : 1;
  return 0;
};
