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
  /** Veteran habits completed today by the bench, so far not taken back. */
  completedVeterans: string[];
  /** Veteran habits whose today's completion was taken back: their missed day can be recorded afterwards. */
  backfillableVeterans: string[];
  /** Other accounts this client acts for in turn (its token switched), each with items to complete. */
  accounts: ItemAccount[];
}

/** A user as the bench starts it: nothing seeded yet. */
export const benchUser = (client: ApiClient, userId: string, timezone: string): BenchUser => ({
  client,
  userId,
  timezone,
  pendingSubtasks: [],
  pendingActionables: [],
  freshHabits: [],
  veteranHabits: [],
  completedHabits: [],
  backfillableHabits: [],
  completedVeterans: [],
  backfillableVeterans: [],
  accounts: [],
});

/** An account whose items a client completes, `ITEMS_PER_ACCOUNT_TURN` of each kind, before acting for the next. */
export interface ItemAccount {
  userId: string;
  token: string;
  pendingActionables: string[];
  pendingSubtasks: string[];
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

/**
 * Registrations in flight at once: each hashes a password on the server's event loop (bcryptjs), and
 * 32 at once on a busy two-core machine held it long enough for pg's 5 s connection timeout (503s).
 */
const REGISTRATIONS_AT_ONCE = 4;

const registerSome = async (url: string, label: string, from: number, to: number): Promise<BenchUser[]> =>
  Promise.all(
    Array.from({ length: to - from }, async (_, offset) => {
      const index = from + offset;
      const client = createApiClient(url);
      const { body } = await client.send<{ token: string; user: { id: string; timezone: string } }>('POST', '/api/auth/register', {
        body: { name: `Bench ${label} ${index + 1}`, email: `bench-${label}-${index + 1}@example.com`, password: PASSWORD },
        expect: 201,
      });
      client.token = body.token;
      return benchUser(client, body.user.id, body.user.timezone);
    }),
  );

export const registerUsers = async (url: string, label: string, count: number): Promise<BenchUser[]> => {
  const users: BenchUser[] = [];
  for (let from = 0; from < count; from += REGISTRATIONS_AT_ONCE)
    users.push(...(await registerSome(url, label, from, Math.min(count, from + REGISTRATIONS_AT_ONCE))));
  return users;
};

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

/**
 * Takes back a completion made today: by complete-habit (new habits), or by complete-<N>y-habit
 * (`veterans`: whose missed day backfill-<N>y-habit then records), either of which runs before it.
 */
export const undoHabitCompletions = (users: readonly BenchUser[], name = 'undo-habit', veterans = false): RequestWorkload => ({
  name,
  request: `PATCH /api/actionables/habits/:id/uncomplete${veterans ? ' (years of daily history)' : ''}`,
  users,
  appends: true,
  send: async (user) => {
    const id = nextOf(veterans ? user.completedVeterans : user.completedHabits, 'completed habits');
    await user.client.send('PATCH', `/api/actionables/habits/${id}/uncomplete`);
    if (veterans) user.backfillableVeterans.push(id);
  },
});

/**
 * Records a missed day afterwards, `daysBack` days ago: yesterday on a habit begun a week ago, or the
 * day before yesterday, the one day a habit completed daily missed (its later day recounted) — of a
 * veteran (`veterans`) or of a habit a week old.
 */
export const backfillHabits = (
  users: readonly BenchUser[],
  name = 'backfill-habit',
  veterans = false,
  daysBack = veterans ? VETERAN_MISSED_DAYS_BACK : 1,
): RequestWorkload => ({
  name,
  request: `POST /api/actionables/habits/:id/completions${veterans ? ' (years of daily history)' : ''}`,
  users,
  appends: true,
  send: async (user) => {
    const id = nextOf(veterans ? user.backfillableVeterans : user.backfillableHabits, 'backfillable habits');
    const date = new Date(Date.now() - daysBack * 86_400_000).toLocaleDateString('en-CA', { timeZone: user.timezone });
    await user.client.send('POST', `/api/actionables/habits/${id}/completions`, { body: { date }, expect: 201 });
  },
});

/** The day a veteran habit missed, in days back: the day before yesterday (seeded so by the commands section). */
export const VETERAN_MISSED_DAYS_BACK = 2;

export const completeVeteranHabits = (users: readonly BenchUser[], years: number): RequestWorkload => ({
  name: `complete-${years}y-habit`,
  request: `PATCH /api/actionables/habits/:id/complete (${years} years of daily history)`,
  users,
  appends: true,
  send: async (user) => {
    const id = nextOf(user.veteranHabits, 'veteran habits');
    await user.client.send('PATCH', `/api/actionables/habits/${id}/complete`);
    user.completedVeterans.push(id);
  },
});

/** How many items of a kind a client completes for one of its accounts before acting for the next. */
export const ITEMS_PER_ACCOUNT_TURN = 5;

/** The first of the user's accounts with an item of the kind left to complete, its token now the client's. */
const accountWith = (user: BenchUser, list: 'pendingActionables' | 'pendingSubtasks'): ItemAccount => {
  const account = user.accounts.find((candidate) => candidate[list].length > 0);
  if (account === undefined) throw new Error(`a bench client ran out of accounts with ${list}`);
  user.client.token = account.token;
  return account;
};

/**
 * Completes actionables or subtasks of accounts that hold `items` of each (the user's `accounts`),
 * a few per account in turn: the same number of requests per account whatever it holds, so the
 * accounts' first requests (session facts not yet known) weigh alike.
 */
export const completeItemsOfAccounts = (users: readonly BenchUser[], kind: 'actionable' | 'subtask', items: number): RequestWorkload => ({
  name: `complete-${kind}-${items}-items`,
  request: `${kind === 'actionable' ? 'PATCH /api/actionables/:id/complete' : 'POST /api/goals/subtasks/:id/complete'} (accounts of ${items} ${kind}s)`,
  users,
  appends: true,
  send: async (user) => {
    if (kind === 'actionable') {
      const account = accountWith(user, 'pendingActionables');
      await user.client.send('PATCH', `/api/actionables/${nextOf(account.pendingActionables, 'actionables')}/complete`);
    } else {
      const account = accountWith(user, 'pendingSubtasks');
      await user.client.send('POST', `/api/goals/subtasks/${nextOf(account.pendingSubtasks, 'subtasks')}/complete`);
    }
  },
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

/**
 * Each user lists their goals. The answer is kept between reads (nothing changes in between:
 * services/api/src/http/answer-cache.ts); `built`, every read asks for it built afresh
 * (Cache-Control: no-cache), as the first read after a change is.
 */
export const listGoals = (users: readonly BenchUser[], expected: number, built = false): RequestWorkload => ({
  name: `list-${expected}-goals${built ? ' (built)' : ''}`,
  request: `GET /api/goals/goals${built ? ', Cache-Control: no-cache' : ''}`,
  users,
  appends: false,
  send: async ({ client }) => {
    const { body } = await client.send<{ goals: Goal[] }>('GET', '/api/goals/goals', built ? { headers: { 'cache-control': 'no-cache' } } : {});
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
