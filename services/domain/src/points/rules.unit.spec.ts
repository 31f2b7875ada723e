import { describe, expect, it } from 'vitest';
import { actionablePoints, habitPoints, workItemPoints } from './rules.ts';

describe('points rules v1', () => {
  it('scales work items by kind and priority', () => {
    expect([1, 2, 3, 4, 5].map((p) => workItemPoints('subtask', p))).toEqual([25, 20, 15, 10, 5]);
    expect(workItemPoints('task', 3)).toBe(30);
    expect(workItemPoints('goal', 1)).toBe(125);
  });
  it('pays actionables their own amount or 10 × weight, halved when late', () => {
    expect(actionablePoints(2, 0, false)).toBe(20);
    expect(actionablePoints(2, 35, false)).toBe(35);
    expect(actionablePoints(2, 35, true)).toBe(17);
    expect(actionablePoints(1, 1, true)).toBe(1);
  });
  it('grows habit points with the streak, capped from the 11th', () => {
    expect(habitPoints(1, 1)).toBe(10);
    expect(habitPoints(1, 2)).toBe(11);
    expect(habitPoints(2, 11)).toBe(40);
    expect(habitPoints(2, 30)).toBe(40);
  });
});
