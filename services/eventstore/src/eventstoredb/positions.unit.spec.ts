import { describe, expect, it } from 'vitest';
import type { Position } from '../port.ts';
import { compareEsdbPositions, decodePosition, encodePosition } from './positions.ts';

/** Positions as text, the way a checkpoint table or a client would hand them back. */
const at = (text: string): Position => text as Position;

describe('EventStoreDB positions', () => {
  it('round-trips commit and prepare positions, large ones included', () => {
    const big = { commit: 2n ** 63n + 5n, prepare: 2n ** 63n + 1n };
    expect(decodePosition(encodePosition({ commit: 0n, prepare: 0n }))).toEqual({ commit: 0n, prepare: 0n });
    expect(decodePosition(encodePosition(big))).toEqual(big);
    expect(encodePosition({ commit: 1234n, prepare: 1200n })).toBe('1234/1200');
  });

  it('orders by commit position, then prepare position', () => {
    expect(compareEsdbPositions(at('10/5'), at('11/1'))).toBeLessThan(0);
    expect(compareEsdbPositions(at('11/1'), at('10/5'))).toBeGreaterThan(0);
    expect(compareEsdbPositions(at('10/5'), at('10/7'))).toBeLessThan(0);
    expect(compareEsdbPositions(at('10/7'), at('10/5'))).toBeGreaterThan(0);
    expect(compareEsdbPositions(at('10/7'), at('10/7'))).toBe(0);
    // Numerically, not as strings.
    expect(compareEsdbPositions(at('9/9'), at('10/0'))).toBeLessThan(0);
  });

  it("puts 'start' before every position", () => {
    expect(compareEsdbPositions('start', at('0/0'))).toBeLessThan(0);
    expect(compareEsdbPositions(at('0/0'), 'start')).toBeGreaterThan(0);
    expect(compareEsdbPositions('start', 'start')).toBe(0);
  });

  it('refuses positions it did not issue', () => {
    expect(() => decodePosition(at('12:34'))).toThrow(/Not an EventStoreDB/);
    expect(() => decodePosition(at('12/'))).toThrow(/Not an EventStoreDB/);
    expect(() => decodePosition(at('-1/3'))).toThrow(/Not an EventStoreDB/);
    expect(() => compareEsdbPositions(at('1/1'), at('garbage'))).toThrow(/Not an EventStoreDB/);
  });
});
