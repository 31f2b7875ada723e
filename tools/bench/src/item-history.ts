import { randomUUID } from 'node:crypto';
import { actionableDecider } from '@tracker/domain/actionables/actionable.decider';
import type { Decider } from '@tracker/domain/common/decider';
import { goalDecider } from '@tracker/domain/goals/goal.decider';
import { subtaskDecider } from '@tracker/domain/goals/subtask.decider';
import { taskDecider } from '@tracker/domain/goals/task.decider';
import { clockAt } from '@tracker/domain/time/local-date';
import type { EventStore, NewEvent } from '@tracker/eventstore/port';
import { streamOf as actionableStream } from '@tracker/api/actionables/actionable-commands';
import { streamOf as workItemStream } from '@tracker/api/goals/work-item-commands';

// A user's items in any number, straight into the store as the deciders decide their creation:
// through HTTP, 500 items for each of a few dozen accounts would take most of the bench's time.

/** The shape of the seeded tree, as the HTTP seeding makes it: a goal holds this many tasks, a task this many subtasks. */
const TASKS_PER_GOAL = 5;
const SUBTASKS_PER_TASK = 10;
const APPEND_CONCURRENCY = 8;

type AnyEvent = { type: string; data: unknown };

interface Created {
  stream: string;
  events: AnyEvent[];
}

const created = <Command, Event extends AnyEvent, State>(decider: Decider<Command, Event, State>, stream: string, command: Command): Created => ({
  stream,
  events: decider.decide(command, decider.initialState()),
});

/**
 * `count` pending actionables and `count` pending subtasks (under goals and tasks of the HTTP
 * seeding's shape) of the user's, created a minute ago; answers their ids, in creation order.
 */
export const seedItems = async (
  store: EventStore,
  user: { userId: string; timezone: string },
  count: number,
): Promise<{ actionables: string[]; subtasks: string[] }> => {
  const { userId, timezone } = user;
  const at = new Date(Date.now() - 60_000);
  const clock = clockAt(at, timezone);
  const streams: Created[] = [];
  const actionables: string[] = [];
  const subtasks: string[] = [];
  let goalId = '';
  let taskId = '';
  for (let n = 0; n < count; n++) {
    const actionableId = randomUUID();
    actionables.push(actionableId);
    streams.push(
      created(actionableDecider, actionableStream(actionableId), {
        type: 'CreateActionable',
        id: actionableId,
        userId,
        fields: { title: `Seeded actionable ${n}`, weight: 3 },
        clock,
      }),
    );
    if (n % SUBTASKS_PER_TASK === 0) {
      if (n % (SUBTASKS_PER_TASK * TASKS_PER_GOAL) === 0) {
        goalId = randomUUID();
        streams.push(created(goalDecider, workItemStream('goal', goalId), { type: 'CreateGoal', id: goalId, userId, fields: { title: `Seeded goal ${n}` } }));
      }
      taskId = randomUUID();
      streams.push(
        created(taskDecider, workItemStream('task', taskId), { type: 'CreateTask', id: taskId, userId, goalId, fields: { title: `Seeded task ${n}` } }),
      );
    }
    const subtaskId = randomUUID();
    subtasks.push(subtaskId);
    streams.push(
      created(subtaskDecider, workItemStream('subtask', subtaskId), {
        type: 'CreateSubtask',
        id: subtaskId,
        userId,
        goalId,
        taskId,
        fields: { title: `Seeded subtask ${n}` },
      }),
    );
  }
  const metadata = { userId, correlationId: `bench-seed-items-${userId}`, occurredAt: at.toISOString(), timezone, localDate: clock.localDate };
  // Parents first: a subtask's checks read its task and goal.
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < streams.length) {
      const { stream, events } = streams[next++]!;
      const batch: NewEvent[] = events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata }));
      await store.append(stream, batch, 'no_stream');
    }
  };
  await Promise.all(Array.from({ length: APPEND_CONCURRENCY }, worker));
  return { actionables, subtasks };
};
