import { describe, expect, it } from 'vitest';
import { aSubtask, aTask } from '../../../testing/fixtures.ts';
import {
  completedTooSentence,
  reopenedTooSentence,
  hasOpenWork,
  openSubtasksOf,
  openSubtasksSentence,
  openWorkOf,
  openWorkSentence,
} from './goal-completion.ts';

const progress = (tasks: [number, number], subtasks: [number, number] = [0, 0]) => ({
  tasks: { completed: tasks[0], total: tasks[1] },
  subtasks: { completed: subtasks[0], total: subtasks[1] },
});

describe('completing a goal with open tasks', () => {
  it('asks when a task or subtask is open', () => {
    expect(hasOpenWork(progress([1, 2]))).toBe(true);
    expect(hasOpenWork(progress([1, 1], [0, 1]))).toBe(true);
  });

  it('does not ask when everything is done, or there is nothing, or progress is unknown', () => {
    expect(hasOpenWork(progress([2, 2], [3, 3]))).toBe(false);
    expect(hasOpenWork(progress([0, 0]))).toBe(false);
    expect(hasOpenWork(undefined)).toBe(false);
  });

  it('says what is open', () => {
    expect(openWorkSentence(progress([0, 2], [1, 2]))).toBe('It still has 2 open tasks and 1 open subtask.');
    expect(openWorkSentence(progress([0, 1]))).toBe('It still has 1 open task.');
  });

  it('finds the open tasks and subtasks of that goal only', () => {
    const tasks = [
      aTask({ id: 't1', goalId: 'g1', status: 'pending' }),
      aTask({ id: 't2', goalId: 'g1', status: 'completed' }),
      aTask({ id: 't3', goalId: 'g2', status: 'in-progress' }),
    ];
    const subtasks = [
      aSubtask({ id: 's1', goalId: 'g1', taskId: 't2', status: 'in-progress' }),
      aSubtask({ id: 's2', goalId: 'g1', taskId: 't1', status: 'completed' }),
      aSubtask({ id: 's3', goalId: 'g2', taskId: 't3', status: 'pending' }),
    ];
    const open = openWorkOf('g1', tasks, subtasks);
    expect(open.tasks.map((task) => task.id)).toEqual(['t1']);
    expect(open.subtasks.map((subtask) => subtask.id)).toEqual(['s1']);
  });

  it('says what was completed along with it', () => {
    expect(completedTooSentence(2, 1)).toBe('Its 2 tasks and 1 subtask were completed too.');
    expect(completedTooSentence(1, 0)).toBe('Its 1 task was completed too.');
    expect(completedTooSentence(0, 0)).toBeUndefined();
  });

  it('says what its undo opened again', () => {
    expect(reopenedTooSentence(2, 1)).toBe('Its 2 tasks and 1 subtask are open again.');
    expect(reopenedTooSentence(0, 1)).toBe('Its 1 subtask is open again.');
  });
});

describe('completing a task with open subtasks', () => {
  it("finds that task's open subtasks only, and says how many", () => {
    const subtasks = [
      aSubtask({ id: 's1', taskId: 't1', status: 'pending' }),
      aSubtask({ id: 's2', taskId: 't1', status: 'completed' }),
      aSubtask({ id: 's3', taskId: 't1', status: 'in-progress' }),
      aSubtask({ id: 's4', taskId: 't2', status: 'pending' }),
    ];
    expect(openSubtasksOf('t1', subtasks).map((subtask) => subtask.id)).toEqual(['s1', 's3']);
    expect(openSubtasksSentence(2)).toBe('It still has 2 open subtasks.');
    expect(openSubtasksSentence(1)).toBe('It still has 1 open subtask.');
    expect(completedTooSentence(0, 2)).toBe('Its 2 subtasks were completed too.');
  });
});
