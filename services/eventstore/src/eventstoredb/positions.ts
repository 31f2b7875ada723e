import type { Position } from '../port.ts';

/**
 * An EventStoreDB position is the ($all commit position, prepare position) pair of an event in the
 * transaction log. $all is ordered by commit position, then prepare position (events of one commit
 * share the commit position).
 */
export interface EsdbPosition {
  commit: bigint;
  prepare: bigint;
}

/** Before every event: what 'start' decodes to. */
const BEFORE_START: EsdbPosition = { commit: -1n, prepare: -1n };

export const encodePosition = (p: EsdbPosition): Position => `${p.commit}/${p.prepare}` as Position;

export const decodePosition = (p: Position | 'start'): EsdbPosition => {
  if (p === 'start') return BEFORE_START;
  const match = /^(\d+)\/(\d+)$/.exec(p);
  if (!match) throw new Error(`Not an EventStoreDB event store position: ${p}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
};

export const compareEsdbPositions = (a: Position | 'start', b: Position | 'start'): number => {
  const x = decodePosition(a);
  const y = decodePosition(b);
  if (x.commit !== y.commit) return x.commit < y.commit ? -1 : 1;
  if (x.prepare !== y.prepare) return x.prepare < y.prepare ? -1 : 1;
  return 0;
};
