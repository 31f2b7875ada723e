import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkpointName, memberOfCheckpoint, partitionCheckpointNames, partitionOf, PARTITIONS } from './checkpoints.ts';

describe('partitions of a lane', () => {
  it('puts a user in the same partition every time, and the users about evenly in all of them', () => {
    // Fixed examples: a change of the hash would move users between partitions, away from their checkpoints.
    const examples = [
      '00000000-0000-0000-0000-000000000000',
      '0b5a1c52-7d1e-4d38-9a4b-3f7e2c1d9a10',
      'f3e1d2c4-5b6a-4789-8abc-def012345678',
      '5d2f8a1e-0c3b-4e7d-9f16-2a4b6c8d0e1f',
      '9e8d7c6b-5a49-4382-b1c0-ffeeddccbbaa',
    ];
    expect(examples.map(partitionOf)).toEqual([0, 0, 2, 0, 3]);
    const counts = Array<number>(PARTITIONS).fill(0);
    for (let i = 0; i < 8_000; i++) counts[partitionOf(randomUUID())]! += 1;
    for (const count of counts) expect(count).toBeGreaterThan(1_800);
  });

  it('puts an event without a user in partition 0', () => {
    expect(partitionOf(undefined)).toBe(0);
  });

  it('names a checkpoint row per member and partition, and back', () => {
    expect(partitionCheckpointNames('goals')).toEqual(Array.from({ length: PARTITIONS }, (_, p) => `goals/${p}`));
    expect(memberOfCheckpoint(checkpointName('points_ledger', 3))).toBe('points_ledger');
  });
});
