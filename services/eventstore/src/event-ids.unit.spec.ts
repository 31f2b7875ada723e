import { describe, expect, it } from 'vitest';
import { canonicalEventId, withCanonicalIds } from './event-ids.ts';

const canonical = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('event ids', () => {
  it('puts an id in lower-case hyphenated form', () => {
    expect(canonicalEventId('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(canonical);
    expect(canonicalEventId('0f8fad5bd9cb469fa16570867728950e')).toBe(canonical);
    expect(canonicalEventId('{0F8FAD5B-D9CB-469F-A165-70867728950E}')).toBe(canonical);
  });

  it('leaves a canonical id as it is', () => {
    expect(canonicalEventId(canonical)).toBe(canonical);
    const events = [{ id: canonical, type: 'GoalCreated', data: { n: 1 }, metadata: { userId: 'u' } }];
    expect(withCanonicalIds(events)).toEqual(events);
  });

  it('refuses what is not a UUID', () => {
    expect(() => canonicalEventId('mail:0f8fad5b')).toThrow(/not a UUID/);
    expect(() => canonicalEventId('0f8fad5b-d9cb-469f-a165-70867728950')).toThrow(/not a UUID/);
    expect(() => canonicalEventId('{0f8fad5b-d9cb-469f-a165-70867728950e')).toThrow(/not a UUID/);
    expect(() => canonicalEventId('')).toThrow(/not a UUID/);
  });
});
