import { randomUUID } from 'node:crypto';
import { actionableDecider, type ActionableState, type ActionableStreamEvent } from '@tracker/domain/actionables/actionable.decider';
import { clockAt, localDateOf } from '@tracker/domain/time/local-date';
import type { Recorded } from '@tracker/domain/common/decider';
import type { EventStore, ExpectedRevision, NewEvent } from '@tracker/eventstore/port';
import { streamOf } from '@tracker/api/actionables/actionable-commands';
import { nextSnapshot } from '@tracker/api/commands/snapshot-policy';
import type { Snapshot, SnapshotStore } from '@tracker/api/commands/snapshots';
import type { BenchUser } from './command-workloads.ts';
import { localDateBefore } from '@tracker/api/testing/user-history';

const EVENTS_PER_APPEND = 1_000;

/**
 * A daily habit of `user`'s, created `days + 1` days ago and completed on each of the `days` days up
 * to yesterday but `missed` (days back: 2 is the day before yesterday), as the decider would have
 * recorded it (one completion and one award a day, streak bonus included), appended to the store in
 * large batches; and the snapshot the command handler would have kept by now (its policy followed
 * command by command), read once through the API (a receipt preview, which loads the stream as a
 * command does) so that the serving process remembers that snapshot as it would after serving
 * yesterday's completion, just as it remembers a new habit's absence of one since its creation: a
 * cold cache would cost the veteran alone a lookup. Seeding through HTTP would take a day per
 * completion.
 */
export const seedVeteranHabit = async (
  store: EventStore,
  snapshots: SnapshotStore,
  user: Pick<BenchUser, 'userId' | 'timezone' | 'client'>,
  days: number,
  missed: readonly number[] = [],
): Promise<string> => {
  const id = randomUUID();
  const today = localDateOf(new Date(), user.timezone);
  // Noon UTC is the same calendar day in every zone from UTC−11 to UTC+11, so each local date is hit once.
  const clockOn = (date: string) => clockAt(new Date(`${date}T12:00:00.000Z`), user.timezone);
  let state: ActionableState = actionableDecider.initialState();
  const recorded: Array<Recorded<ActionableStreamEvent>> = [];
  // What the command handler keeps after each command (snapshot-policy.ts); seeded without Idempotency-Keys, so no retry ids.
  let snapshot: Snapshot | undefined;
  const record = (events: ActionableStreamEvent[], at: string): void => {
    for (const event of events) {
      const stamped = { ...event, occurredAt: at };
      state = actionableDecider.evolve(state, stamped);
      recorded.push(stamped);
    }
    snapshot = nextSnapshot(snapshot, BigInt(recorded.length - 1), state, []) ?? snapshot;
  };
  const created = clockOn(localDateBefore(today, days + 1));
  record(
    actionableDecider.decide({ type: 'CreateActionable', id, userId: user.userId, fields: { title: 'Veteran habit', isHabit: true }, clock: created }, state),
    created.at,
  );
  for (let back = days; back >= 1; back--) {
    if (missed.includes(back)) continue;
    const clock = clockOn(localDateBefore(today, back));
    record(actionableDecider.decide({ type: 'CompleteHabit', userId: user.userId, clock }, state), clock.at);
  }

  const stream = streamOf(id);
  const metadataOf = (event: Recorded<ActionableStreamEvent>) => ({
    userId: user.userId,
    correlationId: `bench-seed-${id}`,
    causationId: `bench-seed-${id}`,
    occurredAt: event.occurredAt,
    timezone: user.timezone,
    localDate: localDateOf(event.occurredAt, user.timezone),
  });
  for (let from = 0; from < recorded.length; from += EVENTS_PER_APPEND) {
    const batch: NewEvent[] = recorded
      .slice(from, from + EVENTS_PER_APPEND)
      .map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: metadataOf(event) }));
    const expected: ExpectedRevision = from === 0 ? 'no_stream' : BigInt(from - 1);
    await store.append(stream, batch, expected);
  }
  if (snapshot) await snapshots.save(stream, actionableDecider.snapshotSchema!, snapshot);
  await user.client.send('GET', `/api/points/receipt?sourceType=habit&sourceId=${id}`, { expect: 200 });
  return id;
};

/** How far back a backfillable habit starts: the backfill window (a completion may be recorded up to 7 days back). */
const BACKFILL_DAYS = 7;

/**
 * A daily habit of `user`'s that began a week ago and was never completed, so yesterday can be
 * recorded afterwards (POST …/completions): its ActionableCreated, appended to the store as the
 * decider decided it then. Seeding through HTTP could not give it a week behind it.
 */
export const seedBackfillableHabit = async (store: EventStore, user: BenchUser): Promise<string> => {
  const id = randomUUID();
  const today = localDateOf(new Date(), user.timezone);
  const clock = clockAt(new Date(`${localDateBefore(today, BACKFILL_DAYS)}T12:00:00.000Z`), user.timezone);
  const events = actionableDecider.decide(
    { type: 'CreateActionable', id, userId: user.userId, fields: { title: 'Backfilled habit', isHabit: true }, clock },
    actionableDecider.initialState(),
  );
  const metadata = {
    userId: user.userId,
    correlationId: `bench-seed-${id}`,
    causationId: `bench-seed-${id}`,
    occurredAt: clock.at,
    timezone: user.timezone,
    localDate: clock.localDate,
  };
  await store.append(
    streamOf(id),
    events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata })),
    'no_stream',
  );
  return id;
};
