import { describe, expect, it } from 'vitest';
import { workShare } from './progress.ts';

const task = (completed: boolean, subtasksCompleted = 0, subtasksTotal = 0) => ({
  completed,
  subtasks: { total: subtasksTotal, completed: subtasksCompleted },
});

describe("a goal's share of work done", () => {
  it('given two tasks, one with four subtasks, when one subtask is done, then the goal moves a tenth (a fifth of one of two tasks)', () => {
    // Counted alike with the tasks, 1 of 6 items read 17%: as much as a whole task of three.
    expect(workShare([task(false, 1, 4), task(false)])).toBe(0.1);
  });

  it('given a task whose subtasks are all done, then the task is not done until it is completed itself', () => {
    expect(workShare([task(false, 1, 1)])).toBe(0.5);
    expect(workShare([task(false, 3, 3)])).toBe(0.75);
    expect(workShare([task(true, 3, 3)])).toBe(1);
  });

  it('counts a done task whole, whatever its subtasks', () => {
    expect(workShare([task(true, 0, 3), task(false)])).toBe(0.5);
    expect(workShare([task(true), task(true, 2, 2)])).toBe(1);
  });

  it('is 0 without tasks', () => {
    expect(workShare([])).toBe(0);
    expect(workShare([task(false), task(false, 0, 2)])).toBe(0);
  });

  it('rounds to four decimals', () => {
    expect(workShare([task(false, 1, 2), task(false), task(false)])).toBe(0.1111);
  });
});
