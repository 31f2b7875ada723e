import { randomUUID } from 'node:crypto';
import type { Actionable } from '@tracker/contracts/actionables/http';
import type { Goal } from '@tracker/contracts/goals/http';
import { userDecider } from '@tracker/domain/users/user.decider';
import type { EventStore } from '@tracker/eventstore/port';
import { emailStream, userStream } from '@tracker/api/auth/account-streams';
import { seedUserHistory } from '@tracker/api/testing/user-history';
import type { ApiClient } from './api-client.ts';
import type { BenchUser } from './command-workloads.ts';

// A typical active user-day, the unit the capacity model counts in. Over HTTP (what a client sends):
// four habit completions, one to-do created and completed, one goal created and marked completed —
// eight commands — and the dashboard opened twice (six reads each, as the web app's dashboard screen
// loads them). Recorded history (what a year of such days leaves in the store and read models) is
// the api's seeded history with two items a day: five daily habits each kept on 85 % of days, one
// goal created (completed on 80 % of days) and one to-do created and completed (97 %, a tenth of
// them the next day).

export const HABITS_PER_DAY = 4;
export const COMMANDS_PER_DAY = HABITS_PER_DAY + 4;
export const DASHBOARD_OPENS_PER_DAY = 2;
/** seedUserHistory records 5 habits × 0.85 × 2 events a day, and 3 events per item; 14.5 gives 2 items a day. */
const SEEDED_EVENTS_PER_DAY = 14.5;
/** Any bcrypt hash: seeded users never sign in (the bench signs their tokens). */
const UNUSABLE_PASSWORD_HASH = '$2b$10$abcdefghijklmnopqrstuuB0s5y7CMpQ0B3N1PhDhOzWL0Kx0V7aG';

/** The requests of one dashboard opening (web/src/features/dashboard: its cards' queries, last 7 days). */
export const dashboardRequests = (today: string, weekAgo: string, timezone: string): string[] => [
  '/api/settings',
  `/api/dashboard/summary?startDate=${weekAgo}&endDate=${today}`,
  `/api/points/stats?startDate=${weekAgo}&endDate=${today}`,
  '/api/points/recent?limit=8',
  '/api/points/heatmap',
  `/api/dashboard/daily-actionables?timezone=${encodeURIComponent(timezone)}`,
];

/** `days × HABITS_PER_DAY` new daily habits for each user (a habit completes once a day). */
export const seedHabitsForDays = async (users: readonly BenchUser[], days: number): Promise<void> => {
  await Promise.all(
    users.map(async (user) => {
      for (let n = 0; n < days * HABITS_PER_DAY; n++) {
        const { body } = await user.client.send<{ habit: Actionable }>('POST', '/api/actionables/habits', { body: { title: `Habit ${n}` }, expect: 201 });
        user.freshHabits.push(body.habit.id);
      }
    }),
  );
};

const nextHabit = (user: BenchUser): string => {
  const id = user.freshHabits.shift();
  if (id === undefined) throw new Error('a bench user ran out of seeded habits');
  return id;
};

/** One typical day's commands of one user, in the order a day might bring them, each through `time`. */
export const runTypicalDay = async (user: BenchUser, day: number, time: (request: () => Promise<unknown>) => Promise<void>): Promise<void> => {
  const { client } = user;
  const completeHabit = () => time(() => client.send('PATCH', `/api/actionables/habits/${nextHabit(user)}/complete`));
  let todo = '';
  let goal = '';
  await time(async () => {
    todo = (await client.send<{ actionable: Actionable }>('POST', '/api/actionables', { body: { title: `To-do of day ${day}`, weight: 3 }, expect: 201 })).body
      .actionable.id;
  });
  await completeHabit();
  await time(async () => {
    goal = (await client.send<{ goal: Goal }>('POST', '/api/goals/goals', { body: { title: `Goal of day ${day}` }, expect: 201 })).body.goal.id;
  });
  await completeHabit();
  await time(() => client.send('PATCH', `/api/actionables/${todo}/complete`));
  await completeHabit();
  await time(() => client.send('PATCH', `/api/goals/goals/${goal}`, { body: { status: 'completed' } }));
  await completeHabit();
};

/** One opening of the dashboard: its reads one after another (one keep-alive connection, like HTTP/1.1 with one socket). */
export const openDashboard = async (client: ApiClient, paths: readonly string[], time: (request: () => Promise<unknown>) => Promise<void>): Promise<void> => {
  for (const path of paths) await time(() => client.send('GET', path));
};

/** A user registered straight into the store (address reserved, then the user decider's events), with `days` typical days of history. */
export const seedActiveUser = async (store: EventStore, index: number, timezone: string, days: number): Promise<{ userId: string; events: number }> => {
  const userId = randomUUID();
  const email = `bench-capacity-seeded-${index}@example.com`;
  const occurredAt = new Date(Date.now() - (days + 2) * 86_400_000).toISOString();
  const metadata = { userId, correlationId: `bench-capacity-${index}`, occurredAt, timezone };
  await store.append(emailStream(email), [{ id: randomUUID(), type: 'EmailReserved', data: { userId, email }, metadata }], 'no_stream');
  const registered = userDecider.decide(
    { type: 'RegisterUser', userId, name: `Capacity bench ${index}`, email, passwordHash: UNUSABLE_PASSWORD_HASH, timezone },
    userDecider.initialState(),
  );
  await store.append(
    userStream(userId),
    registered.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata })),
    'no_stream',
  );
  const history = await seedUserHistory(store, { userId, timezone, events: Math.round(days * SEEDED_EVENTS_PER_DAY), days });
  return { userId, events: 1 + registered.length + history };
};
