import { describe, expect, it } from 'vitest';
import { progressView } from './goal-progress.ts';

/** A goal's progress as GET /goals/progress answers it: the counts and the server's share of work done. */
const of = (status: 'pending' | 'in-progress' | 'completed', tasks: [number, number], subtasks: [number, number] = [0, 0], share = 0) => ({
  status,
  tasks: { completed: tasks[0], total: tasks[1] },
  subtasks: { completed: subtasks[0], total: subtasks[1] },
  share,
});

describe('progressView', () => {
  it("reads the server's share of work done, with the counts beside it", () => {
    expect(progressView(of('pending', [1, 2], [1, 2], 0.5))).toEqual({ percent: 50, counts: '1 of 2 tasks · 1 of 2 subtasks', note: undefined });
  });

  it("moves by a finished subtask's part of its task, not by a whole task (one of four subtasks of one of two tasks: 13%, not 17%)", () => {
    expect(progressView(of('pending', [0, 2], [1, 4], 0.125)).percent).toBe(13);
  });

  it('reads 100% when every task is done', () => {
    expect(progressView(of('completed', [2, 2], [1, 1], 1)).percent).toBe(100);
    expect(progressView(of('in-progress', [1, 1], [0, 0], 1)).percent).toBe(100);
  });

  it('never reads 100% beside an open task, even for a completed goal (the server says 1)', () => {
    const view = progressView(of('completed', [1, 2], [0, 0], 0.5));
    expect(view.percent).toBe(50);
    expect(view.note).toBe('Goal completed · 1 task still open');
    expect(progressView(of('completed', [0, 1], [0, 2])).note).toBe('Goal completed · 1 task and 2 subtasks still open');
    // Every subtask of the open task done: the task itself is still a step.
    expect(progressView(of('in-progress', [0, 1], [2, 2], 0.6667)).percent).toBe(67);
  });

  it('reads 99% when a share would round up to 100 with something still open', () => {
    expect(progressView(of('pending', [199, 200], [0, 0], 0.995)).percent).toBe(99);
  });

  it('has no note while the goal is not completed', () => {
    expect(progressView(of('in-progress', [0, 3])).note).toBeUndefined();
  });

  it('says a goal without tasks has none; completed, it is done', () => {
    expect(progressView(of('pending', [0, 0]))).toEqual({ percent: 0, counts: 'No tasks yet', note: undefined });
    expect(progressView(of('completed', [0, 0])).percent).toBe(100);
  });
});
