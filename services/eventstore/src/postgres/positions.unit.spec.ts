import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Position } from '../port.ts';
import { comparePgPositions, decodePosition, encodePosition } from './positions.ts';

const bigIntOrder = (a: Position, b: Position): number => {
  const x = decodePosition(a);
  const y = decodePosition(b);
  return x.transactionId !== y.transactionId
    ? x.transactionId < y.transactionId
      ? -1
      : 1
    : x.position !== y.position
      ? x.position < y.position
        ? -1
        : 1
      : 0;
};

describe('PostgreSQL positions', () => {
  it('compare as the pair of whole numbers they write, whatever their lengths', () => {
    const position = fc
      .tuple(fc.bigInt(0n, 10n ** 20n), fc.bigInt(0n, 10n ** 20n))
      .map(([transactionId, position]) => encodePosition({ transactionId, position }));
    fc.assert(fc.property(position, position, (a, b) => comparePgPositions(a, b) === bigIntOrder(a, b)));
    expect(comparePgPositions('9:5' as Position, '10:1' as Position)).toBe(-1);
    expect(comparePgPositions('10:12' as Position, '10:9' as Position)).toBe(1);
    expect(comparePgPositions('007:1' as Position, '7:1' as Position)).toBe(0);
    expect(comparePgPositions('start', '1:1' as Position)).toBe(-1);
  });

  it('refuses what is not a position', () => {
    expect(() => comparePgPositions('x:1' as Position, '1:1' as Position)).toThrow(/Not a PostgreSQL event store position/);
  });
});
