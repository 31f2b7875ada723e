import { describe, expect, it } from 'vitest';
import { createSessionFactsReader, type SessionFacts, type SessionFactsSource } from './session-facts.ts';

const ALICE = '11111111-1111-4111-8111-111111111111';
const facts = (timezone: string): NonNullable<SessionFacts> => ({
  is_active: true,
  password_changed_at: null,
  timezone,
  day_start_hour: null,
  calendar: null,
});

/** A source that counts its reads and answers the zone it is given. */
const countingSource = () => {
  const reads = { one: 0, many: 0 };
  let zone = 'UTC';
  const source: SessionFactsSource = {
    one: () => {
      reads.one += 1;
      return Promise.resolve(facts(zone));
    },
    many: (ids) => {
      reads.many += 1;
      return Promise.resolve(ids.map((id) => ({ id, ...facts(zone) })));
    },
  };
  return { source, reads, setZone: (next: string) => (zone = next) };
};

const given = () => {
  const { source, reads, setZone } = countingSource();
  const listeners: Array<(projectors: readonly string[]) => void> = [];
  let clock = 1_000_000;
  const reader = createSessionFactsReader(source, { onProjected: (listener) => void listeners.push(listener) }, () => clock);
  return {
    reader,
    reads,
    setZone,
    announce: (projectors: string[]) => listeners.forEach((listener) => listener(projectors)),
    advance: (ms: number) => (clock += ms),
  };
};

describe('session facts kept in memory', () => {
  it('reads a user once, then answers from memory while nothing is announced', async () => {
    const { reader, reads } = given();
    for (let i = 0; i < 5; i++) expect((await reader.find(ALICE))?.timezone).toBe('UTC');
    expect(reads).toEqual({ one: 1, many: 0 });
  });

  it('reads an answer too old to use once again, then keeps the new one (not once per request)', async () => {
    const { reader, reads, advance, setZone } = given();
    await reader.find(ALICE);
    advance(2_001);
    setZone('Europe/Berlin');
    for (let i = 0; i < 5; i++) {
      expect((await reader.find(ALICE))?.timezone).toBe('Europe/Berlin');
      advance(100);
    }
    expect(reads.one).toBe(2);
  });

  it('reads again after the users projector announced a change, in one round for everyone asking', async () => {
    const { reader, reads, announce, setZone } = given();
    await reader.find(ALICE);
    setZone('Asia/Kolkata');
    announce(['goals']);
    expect((await reader.find(ALICE))?.timezone).toBe('UTC');
    announce(['users']);
    expect((await reader.find(ALICE))?.timezone).toBe('Asia/Kolkata');
    expect((await reader.find(ALICE))?.timezone).toBe('Asia/Kolkata');
    expect(reads).toEqual({ one: 1, many: 1 });
  });
});
