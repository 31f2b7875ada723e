import { describe, expect, it } from 'vitest';
import { EventIdConflict, type NewEvent } from './port.ts';
import { recogniseRetry, type StoredCopy } from './retry-rule.ts';

const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
const appended: NewEvent[] = [
  { id: ids[0]!, type: 'GoalCreated', data: { title: 'Run', points: 40, tags: ['a', 'b'] }, metadata: { occurredAt: '2026-03-01T10:00:00Z' } },
  { id: ids[1]!, type: 'GoalUpdated', version: 2, data: { title: 'Run far' }, metadata: {} },
];
const stored = (overrides: Partial<StoredCopy>[] = []): StoredCopy[] =>
  appended.map((event, i) => ({
    id: event.id,
    stream: 'goal-1',
    revision: 4n + BigInt(i),
    type: event.type,
    ...overrides[i],
  }));

describe('the retry rule shared by both adapters', () => {
  it('recognises the same append and answers with its last stored event', () => {
    expect(recogniseRetry('goal-1', appended, stored())).toMatchObject({ id: ids[1], revision: 5n });
  });

  it('answers a retry whose data, schema version or metadata differ with the original: the first write wins', () => {
    const retried = appended.map((e) => ({ ...e, version: 3, data: { salt: 'fresh' }, metadata: { occurredAt: '2026-03-01T10:00:05Z' } }));
    expect(recogniseRetry('goal-1', retried, stored())?.revision).toBe(5n);
  });

  it('finds nothing to recognise when no id is stored', () => {
    expect(recogniseRetry('goal-1', appended, [])).toBeUndefined();
  });

  it('refuses the same ids stored with another type', () => {
    expect(() => recogniseRetry('goal-1', appended, stored([{}, { type: 'GoalDeleted' }]))).toThrow(EventIdConflict);
  });

  it('refuses ids stored in another stream, out of order, apart, or only some of them', () => {
    expect(() => recogniseRetry('goal-1', appended, stored([{ stream: 'goal-2' }, { stream: 'goal-2' }]))).toThrow(EventIdConflict);
    expect(() => recogniseRetry('goal-1', appended, stored([{ revision: 5n }, { revision: 4n }]))).toThrow(EventIdConflict);
    expect(() => recogniseRetry('goal-1', appended, stored([{}, { revision: 7n }]))).toThrow(EventIdConflict);
    expect(() => recogniseRetry('goal-1', appended, stored().slice(0, 1))).toThrow(EventIdConflict);
  });
});
