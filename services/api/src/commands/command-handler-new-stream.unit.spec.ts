import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { streamCategories } from '@tracker/contracts/streams';
import { actionableDecider, type ActionableCommand } from '@tracker/domain/actionables/actionable.decider';
import { clockAt } from '@tracker/domain/time/local-date';
import { checkedEventStore } from '@tracker/eventstore/checked-event-store';
import { createEventStoreDbEventStore } from '@tracker/eventstore/eventstoredb/eventstoredb-event-store';
import type { EventStore } from '@tracker/eventstore/port';
import { createFakeEsdbClient } from '@tracker/eventstore/testing/fake-esdb-client';
import { createCommandHandler, type CommandContext } from './command-handler.ts';

// A creation under an id the caller just made (`newStream`) appends without reading the stream;
// whatever the stream already holds, the answer is the one the usual path gives.

const NOW = new Date('2026-03-01T12:00:00Z');
const userId = randomUUID();
const context = (idempotencyKey?: string): CommandContext => ({ userId, requestId: randomUUID(), now: NOW, idempotencyKey });
const create = (id: string): ActionableCommand => ({
  type: 'CreateActionable',
  id,
  userId,
  fields: { title: 'Read a page', isHabit: true },
  clock: clockAt(NOW, 'UTC'),
});
const complete: ActionableCommand = { type: 'CompleteHabit', userId, clock: clockAt(NOW, 'UTC') };

let store: EventStore;
let reads: number;
const handler = () => createCommandHandler({ store });
const typesIn = async (stream: string): Promise<string[]> => {
  const types: string[] = [];
  for await (const e of store.readStream(stream)) types.push(e.type);
  return types;
};

beforeEach(async () => {
  const fake = createFakeEsdbClient();
  const inner = checkedEventStore(
    await createEventStoreDbEventStore({ connectionString: 'esdb://unused', streamCategories, client: fake.client, pollIntervalMs: 20 }),
  );
  reads = 0;
  store = {
    ...inner,
    readStream: (...args) => {
      reads += 1;
      return inner.readStream(...args);
    },
  };
});

describe('a command on a new stream', () => {
  it('appends without reading the stream, and answers as the usual path does', async () => {
    const id = randomUUID();
    const fresh = await handler().execute(actionableDecider, `actionable-${id}`, create(id), context(), { newStream: true });
    expect(reads).toBe(0);
    const other = randomUUID();
    const usual = await handler().execute(actionableDecider, `actionable-${other}`, create(other), context());
    expect(reads).toBe(1);
    expect(fresh.events.map((e) => e.type)).toEqual(usual.events.map((e) => e.type));
    expect(fresh.state).toMatchObject({ status: 'active', item: { id, title: 'Read a page' } });
    expect(fresh.position).toBeDefined();
  });

  it('answers a retried creation with the original events, appending nothing, even after the stream moved on', async () => {
    const id = randomUUID();
    const stream = `actionable-${id}`;
    const first = await handler().execute(actionableDecider, stream, create(id), context('create-once'), { newStream: true });
    await handler().execute(actionableDecider, stream, complete, context());
    const before = await typesIn(stream);
    const retry = await handler().execute(actionableDecider, stream, create(id), context('create-once'), { newStream: true });
    expect(retry.events.map((e) => e.type)).toEqual(first.events.map((e) => e.type));
    expect(retry.position).toEqual(first.position);
    expect(await typesIn(stream)).toEqual(before);
  });

  it('decides from what the stream holds when it exists after all (not a retry): the decider refuses as usual', async () => {
    const id = randomUUID();
    const stream = `actionable-${id}`;
    await handler().execute(actionableDecider, stream, create(id), context());
    const usual = await handler()
      .execute(actionableDecider, stream, create(id), context())
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const fresh = await handler()
      .execute(actionableDecider, stream, create(id), context(), { newStream: true })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(usual).toBeInstanceOf(Error);
    expect(fresh).toEqual(usual);
    expect(await typesIn(stream)).toEqual(['ActionableCreated']);
  });
});
