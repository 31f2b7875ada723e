import { describe, expect, it } from 'vitest';
import { progressView } from './goal-progress.ts';

const of = (status: 'pending' | 'in-progress' | 'completed', tasks: [number, number], subtasks: [number, number] = [0, 0]) => ({
  status,
  tasks: { completed: tasks[0], total: tasks[1] },
  subtasks: { completed: subtasks[0], total: subtasks[1] },
});

describe('progressView', () => {
  it('counts finished tasks and subtasks', () => {
    expect(progressView(of('pending', [1, 2], [1, 2]))).toEqual({ percent: 50, counts: '1 of 2 tasks · 1 of 2 subtasks', note: undefined });
  });

  it('reads 100% when everything is done', () => {
    expect(progressView(of('completed', [2, 2], [1, 1])).percent).toBe(100);
    expect(progressView(of('in-progress', [1, 1])).percent).toBe(100);
  });

  it('never reads 100% beside an open task, even for a completed goal (the server says 1)', () => {
    const view = progressView(of('completed', [1, 2]));
    expect(view.percent).toBe(50);
    expect(view.note).toBe('Goal completed · 1 task still open');
    expect(progressView(of('completed', [0, 1], [0, 2])).note).toBe('Goal completed · 1 task and 2 subtasks still open');
  });

  it('reads 99% when a share would round up to 100 with something still open', () => {
    expect(progressView(of('pending', [199, 200])).percent).toBe(99);
  });

  it('has no note while the goal is not completed', () => {
    expect(progressView(of('in-progress', [0, 3])).note).toBeUndefined();
  });

  it('says a goal without tasks has none; completed, it is done', () => {
    expect(progressView(of('pending', [0, 0]))).toEqual({ percent: 0, counts: 'No tasks yet', note: undefined });
    expect(progressView(of('completed', [0, 0])).percent).toBe(100);
  });
});
