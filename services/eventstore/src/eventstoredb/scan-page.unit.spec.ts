import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewEvent, StoredEvent } from '../port.ts';
import { createFakeEsdbClient } from '../testing/fake-esdb-client.ts';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';
import { MIN_SCAN_PAGE, scanPageSize } from './scan-page.ts';

const event = (): NewEvent => ({ id: randomUUID(), type: 'GoalCreated', data: {}, metadata: {} });

const collect = async <T>(iterable: AsyncIterable<T>): Promise<T[]> => {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
};

describe('EventStoreDB $all page size', () => {
  it('reads at least the minimum page, and the batch when it is larger', () => {
    expect(scanPageSize(1)).toBe(MIN_SCAN_PAGE);
    expect(scanPageSize(5)).toBe(MIN_SCAN_PAGE);
    expect(scanPageSize(MIN_SCAN_PAGE)).toBe(MIN_SCAN_PAGE);
    expect(scanPageSize(1_000)).toBe(1_000);
  });

  it('reads all with a small batch in few round trips, skipping foreign streams, in order', async () => {
    const fake = createFakeEsdbClient();
    const store = await createEventStoreDbEventStore({ connectionString: 'esdb://unused', streamCategories: ['goal'], client: fake.client });
    const ours: string[] = [];
    for (let i = 0; i < 60; i++) {
      const e = event();
      if (i % 3 === 0) {
        ours.push(e.id);
        await store.append(`goal-${i}`, [e], 'no_stream');
      } else {
        await store.append(`other-${i}`, [e], 'no_stream');
      }
    }
    const before = fake.readAllCalls();
    const all: StoredEvent[] = await collect(store.readAll('start', 5));
    expect(all.map((e) => e.id)).toEqual(ours);
    // 60 raw events fit one page: one round trip and one to see the end, not one per 6 raw events.
    expect(fake.readAllCalls() - before).toBeLessThanOrEqual(2);
    const rest = await collect(store.readAll(all[4]!.position, 3));
    expect(rest.map((e) => e.id)).toEqual(ours.slice(5));
  });
});
