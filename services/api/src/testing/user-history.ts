import { randomUUID } from 'node:crypto';
import { actionableDecider } from '@tracker/domain/actionables/actionable.decider';
import type { Decider, Recorded } from '@tracker/domain/common/decider';
import { goalDecider } from '@tracker/domain/goals/goal.decider';
import { clockAt, localDateOf } from '@tracker/domain/time/local-date';
import { userDecider } from '@tracker/domain/users/user.decider';
import type { EventStore, NewEvent } from '@tracker/eventstore/port';
import { streamOf as actionableStream } from '../actionables/actionable-commands.ts';
import { emailStream, userStream } from '../auth/account-streams.ts';
import { streamOf as workItemStream } from '../goals/work-item-commands.ts';

// Years of a user's life in the tracker, recorded as the deciders would have recorded it day by day
// (the same commands, each at its own instant), appended straight to the store: through HTTP this
// would take a real day per day. Used by the dashboard bench.

const DAY_MS = 24 * 60 * 60 * 1000;
const APPEND_CONCURRENCY = 8;
/** Any bcrypt hash: seeded users never sign in. */
const UNUSABLE_PASSWORD_HASH = '$2b$10$abcdefghijklmnopqrstuuB0s5y7CMpQ0B3N1PhDhOzWL0Kx0V7aG';

type AnyEvent = { type: string; data: unknown };

export interface SeedPlan {
  userId: string;
  timezone: string;
  /** How many events to record, about (whole days are recorded). */
  events: number;
  days: number;
}

/** A stream's events and the instant each command ran. */
interface RecordedStream {
  stream: string;
  events: Array<Recorded<AnyEvent>>;
}

const play = <Command, Event extends AnyEvent, State>(decider: Decider<Command, Event, State>, steps: Array<{ command: Command; at: string }>) => {
  let state = decider.initialState();
  const events: Array<Recorded<AnyEvent>> = [];
  for (const { command, at } of steps) {
    for (const event of decider.decide(command, state)) {
      const recorded = { ...event, occurredAt: at };
      state = decider.evolve(state, recorded);
      events.push(recorded);
    }
  }
  return events;
};

/** The local date `days` before `today` (calendar arithmetic on the date itself, not on instants). */
export const localDateBefore = (today: string, days: number): string => new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** A cheap deterministic sequence, so two runs seed the same history. */
const pseudoRandom = (seed: number): (() => number) => {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4_294_967_296;
  };
};

const appendStreams = async (store: EventStore, userId: string, timezone: string, streams: RecordedStream[]): Promise<number> => {
  let next = 0;
  let appended = 0;
  const worker = async (): Promise<void> => {
    while (next < streams.length) {
      const { stream, events } = streams[next++]!;
      const batch: NewEvent[] = events.map((event) => ({
        id: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: {
          userId,
          correlationId: `bench-seed-${stream}`,
          causationId: `bench-seed-${stream}`,
          occurredAt: event.occurredAt,
          timezone,
          localDate: localDateOf(event.occurredAt, timezone),
        },
      }));
      await store.append(stream, batch, 'no_stream');
      appended += batch.length;
    }
  };
  await Promise.all(Array.from({ length: APPEND_CONCURRENCY }, worker));
  return appended;
};

/**
 * `plan.days` days up to yesterday of one user's goals (created and completed), actionables (due that
 * day; most completed, some late), and five daily habits kept most days: about `plan.events` events.
 * Answers how many were appended.
 */
export const seedUserHistory = async (store: EventStore, plan: SeedPlan): Promise<number> => {
  const { userId, timezone, days } = plan;
  const random = pseudoRandom(days * 7919 + plan.events);
  const today = localDateOf(new Date(), timezone);
  // Noon UTC is the same calendar day in every zone from UTC−11 to UTC+11.
  const instantOn = (date: string, hour = 12): string => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00.000Z`).toISOString();
  const HABITS = 5;
  const habitShare = HABITS * 0.85 * 2;
  // Goals and actionables each record about 3 events (created; completed and awarded).
  const itemsPerDay = Math.max(1, Math.round((plan.events / days - habitShare) / 3));
  const streams: RecordedStream[] = [];

  const habits = Array.from({ length: HABITS }, () => ({
    id: randomUUID(),
    steps: [] as Array<{ command: Parameters<typeof actionableDecider.decide>[0]; at: string }>,
  }));
  const firstDay = localDateBefore(today, days);
  for (const [index, habit] of habits.entries()) {
    const at = instantOn(firstDay, 11);
    habit.steps.push({
      command: {
        type: 'CreateActionable',
        id: habit.id,
        userId,
        fields: { title: `Habit ${index + 1}`, isHabit: true },
        clock: clockAt(new Date(at), timezone),
      },
      at,
    });
  }

  for (let back = days; back >= 1; back--) {
    const date = localDateBefore(today, back);
    for (const habit of habits) {
      if (random() < 0.85) {
        const at = instantOn(date, 13);
        habit.steps.push({ command: { type: 'CompleteHabit', userId, clock: clockAt(new Date(at), timezone) }, at });
      }
    }
    for (let n = 0; n < itemsPerDay; n++) {
      if (n % 2 === 0) {
        const id = randomUUID();
        const events = play(goalDecider, [
          {
            command: { type: 'CreateGoal', id, userId, fields: { title: `Goal ${date} #${n}`, priority: 1 + (n % 5), dueDate: instantOn(date, 20) } },
            at: instantOn(date, 10),
          },
          ...(random() < 0.8 ? [{ command: { type: 'CompleteGoal' as const, userId }, at: instantOn(date, 15) }] : []),
        ]);
        streams.push({ stream: workItemStream('goal', id), events });
      } else {
        const id = randomUUID();
        const created = instantOn(date, 9);
        const done = instantOn(random() < 0.9 ? date : localDateBefore(date, -1), 16);
        const events = play(actionableDecider, [
          {
            command: {
              type: 'CreateActionable',
              id,
              userId,
              fields: { title: `To-do ${date} #${n}`, weight: 1 + (n % 10), deadline: instantOn(date, 20) },
              clock: clockAt(new Date(created), timezone),
            },
            at: created,
          },
          ...(random() < 0.97 && done < new Date().toISOString()
            ? [{ command: { type: 'CompleteActionable' as const, userId, clock: clockAt(new Date(done), timezone) }, at: done }]
            : []),
        ]);
        streams.push({ stream: actionableStream(id), events });
      }
    }
  }
  for (const habit of habits) streams.push({ stream: actionableStream(habit.id), events: play(actionableDecider, habit.steps) });
  return appendStreams(store, userId, timezone, streams);
};

/** A registered user straight into the store (address reserved, then registered), with a few completed goals. */
export const seedOtherUser = async (store: EventStore, index: number, timezone: string): Promise<number> => {
  const userId = randomUUID();
  const email = `bench-crowd-${index}@example.com`;
  const at = new Date(Date.now() - 30 * DAY_MS).toISOString();
  await store.append(
    emailStream(email),
    [{ id: randomUUID(), type: 'EmailReserved', data: { userId, email }, metadata: { userId, correlationId: `bench-crowd-${index}`, occurredAt: at } }],
    'no_stream',
  );
  const streams: RecordedStream[] = [
    {
      stream: userStream(userId),
      events: play(userDecider, [
        { command: { type: 'RegisterUser', userId, name: `Crowd member ${index}`, email, passwordHash: UNUSABLE_PASSWORD_HASH, timezone }, at },
      ]),
    },
  ];
  for (let n = 0; n < 1 + (index % 4); n++) {
    const id = randomUUID();
    streams.push({
      stream: workItemStream('goal', id),
      events: play(goalDecider, [
        { command: { type: 'CreateGoal', id, userId, fields: { title: `Crowd goal ${n}` } }, at },
        { command: { type: 'CompleteGoal', userId }, at },
      ]),
    });
  }
  return 1 + (await appendStreams(store, userId, timezone, streams));
};
