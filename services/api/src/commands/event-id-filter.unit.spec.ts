import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emptyEventIdFilter, mayHold, withEventIds } from './event-id-filter.ts';

describe('event id filter (kept with a snapshot)', () => {
  it('holds every id added, across segments and a JSON round trip, in either case', () => {
    const ids = Array.from({ length: 2_000 }, () => randomUUID());
    let filter = emptyEventIdFilter();
    for (let i = 0; i < ids.length; i += 37) filter = JSON.parse(JSON.stringify(withEventIds(filter, ids.slice(i, i + 37)))) as typeof filter;
    expect(filter.segments.map((s) => s.capacity)).toEqual([256, 512, 1024, 2048]);
    expect(filter.segments.reduce((n, s) => n + s.count, 0)).toBe(ids.length);
    for (const id of ids) expect(mayHold(filter, id)).toBe(true);
    expect(mayHold(filter, ids[0]!.toUpperCase())).toBe(true);
  });

  it('says no for nearly every id not added (a yes costs one read of the whole stream)', () => {
    const filter = withEventIds(
      emptyEventIdFilter(),
      Array.from({ length: 1_000 }, () => randomUUID()),
    );
    const falsePositives = Array.from({ length: 10_000 }, () => randomUUID()).filter((id) => mayHold(filter, id)).length;
    expect(falsePositives).toBeLessThan(150);
  });

  it('holds nothing when empty, and leaves the filter it was given as it was', () => {
    const empty = emptyEventIdFilter();
    const id = randomUUID();
    expect(mayHold(empty, id)).toBe(false);
    const added = withEventIds(empty, [id]);
    expect(mayHold(added, id)).toBe(true);
    expect(empty.segments).toEqual([]);
  });
});
