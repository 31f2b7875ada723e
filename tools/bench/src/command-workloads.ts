import { performance } from 'node:perf_hooks';
import type { Actionable } from '@tracker/contracts/actionables/http';
import type { Goal, Subtask, Task } from '@tracker/contracts/goals/http';
import { createApiClient, type ApiClient } from './api-client.ts';

/** One user of the API: a keep-alive connection of its own and a bearer token. */
export interface BenchUser {
  client: ApiClient;
  userId: string;
  timezone: string;
  /** Pending subtasks of this user, completed one by one (a subtask completes only once). */
  pendingSubtasks: string[];
  /** Pending actionables, completed one by one. */
  pendingActionables: string[];
  /** Daily habits not yet completed today (a habit completes once a day). */
  freshHabits: string[];
  /** Daily habits completed every day for years up to yesterday, not yet today. */
  veteranHabits: string[];
  /** Habits completed today by the bench, so far not taken back (what the undo workload takes back). */
  completedHabits: string[];
  /** Daily habits begun a week ago and never completed: yesterday can be recorded afterwards. */
  backfillableHabits: string[];
}

/** A workload over HTTP: the request it sends and the users that send it, one client each. */
export interface RequestWorkload {
  name: string;
  request: string;
  users: readonly BenchUser[];
  /** Appends events: the runner's work it causes is awaited (and its SQL counted) after the timed phase. */
  appends: boolean;
  send(user: BenchUser, index: number): Promise<void>;
}

const PASSWORD = 'correct horse battery staple';
/** The shape of the seeded tree: a goal holds this many tasks, a task this many subtasks. */
const TASKS_PER_GOAL = 5;
const SUBTASKS_PER_TASK = 10;

export const registerUsers = async (url: string, label: string, count: number): Promise<BenchUser[]> =>
  Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const client = createApiClient(url);
      const { body } = await client.send<{ token: string; user: { id: string; timezone: string } }>('POST', '/api/auth/register', {
        body: { name: `Bench ${label} ${index + 1}`, email: `bench-${label}-${index + 1}@example.com`, password: PASSWORD },
        expect: 201,
      });
      client.token = body.token;
      return {
        client,
        userId: body.user.id,
        timezone: body.user.timezone,
        pendingSubtasks: [],
        pendingActionables: [],
        freshHabits: [],
        veteranHabits: [],
        completedHabits: [],
        backfillableHabits: [],
      };
    }),
  );

const createGoal = async (client: ApiClient, title: string): Promise<string> =>
  (await client.send<{ goal: Goal }>('POST', '/api/goals/goals', { body: { title }, expect: 201 })).body.goal.id;

/** `count` goals for each user, all users at once. */
export const seedGoals = async (users: readonly BenchUser[], count: number): Promise<void> => {
  await Promise.all(
    users.map(async ({ client }) => {
      for (let n = 1; n <= count; n++) await createGoal(client, `Seeded goal ${n}`);
    }),
  );
};

/** `count` pending subtasks for each user, under goals and tasks of a realistic size, all users at once. */
export const seedSubtasks = async (users: readonly BenchUser[], count: number): Promise<void> => {
  await Promise.all(
    users.map(async (user) => {
      const { client } = user;
      let goalId = '';
      let taskId = '';
      for (let n = 0; n < count; n++) {
        if (n % SUBTASKS_PER_TASK === 0) {
          if (n % (SUBTASKS_PER_TASK * TASKS_PER_GOAL) === 0) goalId = await createGoal(client, `Seeded goal ${n}`);
          const task = await client.send<{ task: Task }>('POST', '/api/goals/tasks', { body: { title: `Seeded task ${n}`, goalId }, expect: 201 });
          taskId = task.body.task.id;
        }
        const subtask = await client.send<{ subtask: Subtask }>('POST', '/api/goals/subtasks', { body: { title: `Seeded subtask ${n}`, taskId }, expect: 201 });
        user.pendingSubtasks.push(subtask.body.subtask.id);
      }
    }),
  );
};

/** `count` pending actionables and `count` daily habits for each user, all users at once. */
export const seedActionablesAndHabits = async (users: readonly BenchUser[], count: number): Promise<void> => {
  await Promise.all(
    users.map(async (user) => {
      for (let n = 0; n < count; n++) {
        const actionable = await user.client.send<{ actionable: Actionable }>('POST', '/api/actionables', {
          body: { title: `Seeded actionable ${n}`, weight: 3 },
          expect: 201,
        });
        user.pendingActionables.push(actionable.body.actionable.id);
        const habit = await user.client.send<{ habit: Actionable }>('POST', '/api/actionables/habits', { body: { title: `Seeded habit ${n}` }, expect: 201 });
        user.freshHabits.push(habit.body.habit.id);
      }
    }),
  );
};

const nextOf = (list: string[], what: string): string => {
  const id = list.shift();
  if (id === undefined) throw new Error(`a bench user ran out of seeded ${what}`);
  return id;
};

export const completeActionables = (users: readonly BenchUser[]): RequestWorkload => ({
  name: 'complete-actionable',
  request: 'PATCH /api/actionables/:id/complete',
  users,
  appends: true,
  send: async (user) => void (await user.client.send('PATCH', `/api/actionables/${nextOf(user.pendingActionables, 'actionables')}/complete`)),
});

export const completeFreshHabits = (users: readonly BenchUser[], name = 'complete-habit'): RequestWorkload => ({
  name,
  request: 'PATCH /api/actionables/habits/:id/complete',
  users,
  appends: true,
  send: async (user) => {
    const id = nextOf(user.freshHabits, 'new habits');
    await user.client.send('PATCH', `/api/actionables/habits/${id}/complete`);
    user.completedHabits.push(id);
  },
});

/** Takes back a completion made today (by complete-habit, which runs before it). */
export const undoHabitCompletions = (users: readonly BenchUser[]): RequestWorkload => ({
  name: 'undo-habit',
  request: 'PATCH /api/actionables/habits/:id/uncomplete',
  users,
  appends: true,
  send: async (user) => void (await user.client.send('PATCH', `/api/actionables/habits/${nextOf(user.completedHabits, 'completed habits')}/uncomplete`)),
});

/** Records yesterday afterwards on a habit begun a week ago. */
export const backfillHabits = (users: readonly BenchUser[]): RequestWorkload => ({
  name: 'backfill-habit',
  request: 'POST /api/actionables/habits/:id/completions',
  users,
  appends: true,
  send: async (user) => {
    const id = nextOf(user.backfillableHabits, 'backfillable habits');
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('en-CA', { timeZone: user.timezone });
    await user.client.send('POST', `/api/actionables/habits/${id}/completions`, { body: { date: yesterday }, expect: 201 });
  },
});

export const completeVeteranHabits = (users: readonly BenchUser[], years: number): RequestWorkload => ({
  name: `complete-${years}y-habit`,
  request: `PATCH /api/actionables/habits/:id/complete (${years} years of daily history)`,
  users,
  appends: true,
  send: async (user) => void (await user.client.send('PATCH', `/api/actionables/habits/${nextOf(user.veteranHabits, 'veteran habits')}/complete`)),
});

export const createGoals = (users: readonly BenchUser[]): RequestWorkload => ({
  name: 'create-goal',
  request: 'POST /api/goals/goals',
  users,
  appends: true,
  send: async ({ client }, index) => void (await createGoal(client, `Goal ${index}`)),
});

export const completeSubtasks = (users: readonly BenchUser[]): RequestWorkload => ({
  name: 'complete-subtask',
  request: 'POST /api/goals/subtasks/:id/complete',
  users,
  appends: true,
  send: async (user) => {
    const id = user.pendingSubtasks.shift();
    if (id === undefined) throw new Error('a bench user ran out of seeded subtasks');
    await user.client.send('POST', `/api/goals/subtasks/${id}/complete`);
  },
});

export const checkHealth = (users: readonly BenchUser[]): RequestWorkload => ({
  name: 'health',
  request: 'GET /api/health',
  users,
  appends: false,
  send: async ({ client }) => void (await client.send('GET', '/api/health')),
});

export const listGoals = (users: readonly BenchUser[], expected: number): RequestWorkload => ({
  name: `list-${expected}-goals`,
  request: 'GET /api/goals/goals',
  users,
  appends: false,
  send: async ({ client }) => {
    const { body } = await client.send<{ goals: Goal[] }>('GET', '/api/goals/goals');
    if (body.goals.length !== expected) throw new Error(`listed ${body.goals.length} goals, expected ${expected}`);
  },
});

/**
 * Every user sends `perUser` requests of `workload`, one after another, all users at once (a closed
 * loop: as many requests in flight as users). Answers each request's latency in ms.
 */
export const runRequests = async (workload: RequestWorkload, perUser: number): Promise<number[]> => {
  const latencies: number[] = [];
  await Promise.all(
    workload.users.map(async (user, u) => {
      for (let n = 0; n < perUser; n++) {
        const started = performance.now();
        await workload.send(user, u * perUser + n);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
};
