import { randomUUID } from 'node:crypto';
import { AccessDeniedError, UnknownError } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { WrongExpectedVersion, type ExpectedRevision, type NewEvent } from '../port.ts';
import { deadlineExceeded, notLeader, unavailable, unrecognisedAnswer, type FaultTiming, type ReadFault } from '../testing/fake-esdb-client.ts';
import { FAST_RETRY, openAdapterOverFake } from '../testing/adapter-over-fake.ts';
import { RETRY_WINDOW } from './appends.ts';
import { isOutcomeUnknown, retryDelayMs } from './outcome-unknown.ts';

const event = (): NewEvent => ({ id: randomUUID(), type: 'GoalCreated', data: { note: 'retry' }, metadata: {} });
const stream = (): string => `goal-${randomUUID()}`;
const retry = FAST_RETRY;

const open = () => openAdapterOverFake({ readIdleTimeoutMs: 100 });

describe('EventStoreDB append: failures with an unknown outcome', () => {
  it('classifies timeouts, unavailability, leader changes and unknown errors as outcome unknown, nothing else', () => {
    expect(isOutcomeUnknown(deadlineExceeded())).toBe(true);
    expect(isOutcomeUnknown(unavailable())).toBe(true);
    expect(isOutcomeUnknown(notLeader())).toBe(true);
    expect(isOutcomeUnknown(new AccessDeniedError())).toBe(false);
    expect(isOutcomeUnknown(new Error('plain'))).toBe(false);
    expect(isOutcomeUnknown(undefined)).toBe(false);
  });

  it('backs off exponentially up to the cap', () => {
    const policy = { attempts: 10, firstDelayMs: 100, maxDelayMs: 1_000 };
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(policy, attempt, () => 1))).toEqual([100, 200, 400, 800, 1_000]);
    expect(retryDelayMs(policy, 3, () => 0)).toBe(200);
  });

  const cases: [string, () => Error, FaultTiming][] = [];
  for (const [name, error] of [
    ['deadline exceeded', deadlineExceeded],
    ['unavailable', unavailable],
    ['not leader', notLeader],
  ] as const) {
    for (const timing of ['before-write', 'after-write'] as const) cases.push([name, error, timing]);
  }
  const expectations: ExpectedRevision[] = ['no_stream', 0n, 'any', 'stream_exists'];

  for (const [name, error, timing] of cases) {
    for (const expected of expectations) {
      it(`stores an append once when ${name} strikes ${timing} (expected ${String(expected)})`, async () => {
        const { fake, store } = await open();
        const s = stream();
        if (expected !== 'no_stream') await store.append(s, [event()], 'no_stream');
        const batch = [event(), event()];
        fake.inject({ timing, error }, { timing, error });
        const result = await store.append(s, batch, expected);
        const before = expected === 'no_stream' ? [] : fake.stored(s).slice(0, 1);
        expect(fake.stored(s)).toEqual([...before, ...batch.map((e) => e.id)]);
        expect(result.nextRevision).toBe(BigInt(before.length + 1));
        // A later retry by the caller gets the same answer and stores nothing.
        expect(await store.append(s, batch, expected)).toEqual(result);
        expect(fake.stored(s)).toHaveLength(before.length + 2);
      });
    }
  }

  it('stores every acknowledged append exactly once under random faults', async () => {
    const { fake, store } = await open();
    const streams = [stream(), stream(), stream()];
    const acknowledged = new Map<string, string[]>(streams.map((s) => [s, []]));
    const errors = [deadlineExceeded, unavailable, notLeader];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 60; round++) {
      const s = streams[round % streams.length]!;
      const batch = [event(), event()];
      for (let i = 0; i < 3; i++) {
        if (random() < 0.5) fake.inject({ timing: random() < 0.5 ? 'before-write' : 'after-write', error: errors[Math.floor(random() * errors.length)]! });
      }
      const expected: ExpectedRevision = round % 2 === 0 ? 'any' : acknowledged.get(s)!.length === 0 ? 'no_stream' : BigInt(acknowledged.get(s)!.length - 1);
      try {
        await store.append(s, batch, expected);
        acknowledged.get(s)!.push(...batch.map((e) => e.id));
      } catch (error) {
        expect(isOutcomeUnknown(error)).toBe(true);
        // Unacknowledged: the caller retries it, identically, once the faults have passed.
        await store.append(s, batch, expected);
        acknowledged.get(s)!.push(...batch.map((e) => e.id));
      }
    }
    for (const s of streams) expect(fake.stored(s)).toEqual(acknowledged.get(s));
  });

  it('gives up after the allowed tries with the last error, and never retries a definite answer', async () => {
    const { fake, store } = await open();
    const s = stream();
    fake.inject(...Array.from({ length: retry.attempts }, () => ({ timing: 'before-write' as const, error: unavailable })));
    await expect(store.append(s, [event()], 'no_stream')).rejects.toMatchObject({ type: 'unavailable' });
    expect(fake.appendCalls()).toBe(retry.attempts);
    expect(fake.stored(s)).toEqual([]);

    const calls = fake.appendCalls();
    fake.inject({ timing: 'before-write', error: () => new AccessDeniedError() });
    await expect(store.append(s, [event()], 'no_stream')).rejects.toBeInstanceOf(AccessDeniedError);
    expect(fake.appendCalls()).toBe(calls + 1);

    await store.append(s, [event()], 'no_stream');
    await expect(store.append(s, [event()], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedVersion);
  });
});

describe('EventStoreDB append: the confirming read after an acknowledged write', () => {
  const readFaults: Array<[string, ReadFault]> = [
    ['not leader (an election)', { error: notLeader }],
    ['unavailable', { error: unavailable }],
    ['a stalled read', 'stall'],
  ];
  for (const [name, fault] of readFaults) {
    it(`answers with the stored result when ${name} strikes the confirming read (the write is stored)`, async () => {
      const { fake, store } = await open();
      const s = stream();
      const batch = [event(), event()];
      fake.failReads(fault);
      const result = await store.append(s, batch, 'no_stream');
      expect(result.nextRevision).toBe(1n);
      expect(fake.stored(s)).toEqual(batch.map((e) => e.id));
      expect(await store.append(s, batch, 'no_stream')).toEqual(result);
    });
  }
});

describe('EventStoreDB append: definite answers the client does not recognise', () => {
  for (const reason of ['BadRequest: Event size 1100000 exceeds the maximum of 1048576', 'InternalError: append failed']) {
    it(`fails at once, keeping the reason, on ${reason.split(':')[0]} (not retried as outcome unknown)`, async () => {
      const { fake, store } = await open();
      const s = stream();
      fake.inject({ timing: 'before-write', error: () => unrecognisedAnswer(reason) });
      const started = Date.now();
      const error = await store.append(s, [event()], 'no_stream').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(isOutcomeUnknown(error)).toBe(false);
      expect((error as Error).message).toContain(reason);
      expect(fake.appendCalls()).toBe(1);
      expect(Date.now() - started).toBeLessThan(retry.firstDelayMs * 50);
      expect(fake.stored(s)).toEqual([]);
    });
  }

  it('still retries an unknown error from the transport (no answer from the server) as outcome unknown', async () => {
    const { fake, store } = await open();
    const s = stream();
    const transport = Object.assign(new UnknownError(), { code: 13, message: '13 INTERNAL: Received RST_STREAM with code 2' });
    fake.inject({ timing: 'after-write', error: () => transport });
    const batch = [event()];
    expect((await store.append(s, batch, 'no_stream')).nextRevision).toBe(0n);
    expect(fake.appendCalls()).toBe(2);
    expect(fake.stored(s)).toEqual(batch.map((e) => e.id));
  });
});

describe('EventStoreDB append: event ids', () => {
  it('recognises its own write and a retry of an append given upper-case ids', async () => {
    const { fake, store } = await open();
    const s = stream();
    const batch = [event(), event()].map((e) => ({ ...e, id: e.id.toUpperCase() }));
    const result = await store.append(s, batch, 'no_stream');
    expect(fake.stored(s)).toEqual(batch.map((e) => e.id.toLowerCase()));
    expect(await store.append(s, batch, 'no_stream')).toEqual(result);
    expect(await store.append(s, batch, 'any')).toEqual(result);
    expect(fake.stored(s)).toHaveLength(2);
  });
});

describe('EventStoreDB append with any / stream_exists: written at the exact revision seen', () => {
  it('recognises a retry among the latest events after the server forgot its recent ids (restart)', async () => {
    const { fake, store } = await open();
    const s = stream();
    await store.append(s, [event()], 'no_stream');
    const batch = [event(), event()];
    const first = await store.append(s, batch, 'any');
    await store.append(s, [event(), event(), event()], 'any');
    fake.forgetRecentIds();
    expect(await store.append(s, batch, 'any')).toEqual(first);
    expect(await store.append(s, batch, 'stream_exists')).toEqual(first);
    expect(fake.stored(s)).toHaveLength(6);
  });

  it(`searches only the latest ${RETRY_WINDOW} events once the server forgot its recent ids`, async () => {
    const { fake, store } = await open();
    const s = stream();
    const batch = [event()];
    await store.append(s, batch, 'any');
    for (let i = 0; i < RETRY_WINDOW; i++) await store.append(s, [event()], 'any');
    fake.forgetRecentIds();
    // What the port states for EventStoreDB: beyond the window a late retry is written again.
    await store.append(s, batch, 'any');
    expect(fake.stored(s).filter((id) => id === batch[0]!.id)).toHaveLength(2);
  });

  it('stores racing identical appends once and racing different ones all, in revision order', async () => {
    const { fake, store } = await open();
    const s = stream();
    const batch = [event(), event()];
    const results = await Promise.all(Array.from({ length: 6 }, () => store.append(s, batch, 'any')));
    for (const r of results) expect(r).toEqual(results[0]);
    const others = Array.from({ length: 8 }, () => event());
    await Promise.all(others.map((e) => store.append(s, [e], 'any')));
    expect(fake.stored(s)).toHaveLength(10);
    expect(new Set(fake.stored(s))).toEqual(new Set([...batch, ...others].map((e) => e.id)));
  });

  it('refuses stream_exists on a missing stream and writes any there as its first event', async () => {
    const { store } = await open();
    const s = stream();
    await expect(store.append(s, [event()], 'stream_exists')).rejects.toBeInstanceOf(WrongExpectedVersion);
    expect((await store.append(s, [event()], 'any')).nextRevision).toBe(0n);
    expect((await store.append(s, [event()], 'stream_exists')).nextRevision).toBe(1n);
  });
});
