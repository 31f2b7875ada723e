import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { streamCategories } from '@tracker/contracts/streams';
import { NotFound } from '@tracker/domain/common/errors';
import { actionableDecider, type ActionableCommand } from '@tracker/domain/actionables/actionable.decider';
import { clockAt } from '@tracker/domain/time/local-date';
import { checkedEventStore } from '@tracker/eventstore/checked-event-store';
import { createEventStoreDbEventStore } from '@tracker/eventstore/eventstoredb/eventstoredb-event-store';
import type { EventStore } from '@tracker/eventstore/port';
import { createFakeEsdbClient } from '@tracker/eventstore/testing/fake-esdb-client';
import { createCommandHandler, type CommandContext } from './command-handler.ts';

// A command still in the making (it needs a read of its own, as a habit's completion needs the
// user's freezes) is made while the stream is read, not before: one round trip for both.

const NOW = new Date('2026-03-01T12:00:00Z');
const userId = randomUUID();
const context = (): CommandContext => ({ userId, requestId: randomUUID(), now: NOW });
const create = (id: string): ActionableCommand => ({
  type: 'CreateActionable',
  id,
  userId,
  fields: { title: 'Read a page', isHabit: true },
  clock: clockAt(NOW, 'UTC'),
});
const complete: ActionableCommand = { type: 'CompleteHabit', userId, clock: clockAt(NOW, 'UTC') };

let store: EventStore;
let order: string[];
let onRead: () => void;

beforeEach(async () => {
  const fake = createFakeEsdbClient();
  const inner = checkedEventStore(
    await createEventStoreDbEventStore({ connectionString: 'esdb://unused', streamCategories, client: fake.client, pollIntervalMs: 20 }),
  );
  order = [];
  onRead = () => undefined;
  store = {
    ...inner,
    readStream: (...args) => {
      order.push('read');
      onRead();
      return inner.readStream(...args);
    },
  };
});

/** A command made once the stream is being read, or (should the handler wait for it first) after a while anyway. */
const madeWhileRead = (command: ActionableCommand): Promise<ActionableCommand> =>
  new Promise((resolve) => {
    const made = () => {
      if (order.includes('made')) return;
      order.push('made');
      resolve(command);
    };
    onRead = made;
    setTimeout(made, 200);
  });

describe('a command still in the making', () => {
  it('is made while the stream is read, and decided as if given outright', async () => {
    const id = randomUUID();
    const stream = `actionable-${id}`;
    await createCommandHandler({ store }).execute(actionableDecider, stream, create(id), context());
    order = [];
    const result = await createCommandHandler({ store }).execute(actionableDecider, stream, madeWhileRead(complete), context());
    expect(order).toEqual(['read', 'made']);
    const other = randomUUID();
    await createCommandHandler({ store }).execute(actionableDecider, `actionable-${other}`, create(other), context());
    const outright = await createCommandHandler({ store }).execute(actionableDecider, `actionable-${other}`, complete, context());
    expect(result.events.map((e) => e.type)).toEqual(outright.events.map((e) => e.type));
    expect(result.events.map((e) => e.type)).toContain('HabitCompleted');
    expect(result.state).toMatchObject({ status: 'active', item: { id, streak: 1 } });
  });

  it('fails the command when its making fails, appending nothing, and leaves no failure unhandled when a check fails first', async () => {
    const id = randomUUID();
    const stream = `actionable-${id}`;
    await createCommandHandler({ store }).execute(actionableDecider, stream, create(id), context());
    const failing = Promise.reject(new Error('freezes unreadable'));
    await expect(createCommandHandler({ store }).execute(actionableDecider, stream, failing, context())).rejects.toThrow('freezes unreadable');
    const types: string[] = [];
    for await (const e of store.readStream(stream)) types.push(e.type);
    expect(types).toEqual(['ActionableCreated']);
    const other = randomUUID();
    const refused = createCommandHandler({ store }).execute(
      actionableDecider,
      `actionable-${other}`,
      Promise.reject<ActionableCommand>(new Error('never awaited')),
      context(),
      {
        newStream: true,
        check: () => Promise.reject(new NotFound('Goal not found')),
      },
    );
    await expect(refused).rejects.toThrow('Goal not found');
  });
});
