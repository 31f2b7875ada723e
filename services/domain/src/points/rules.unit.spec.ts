import { describe, expect, it } from 'vitest';
import { actionablePoints, habitPoints, isLateCompletion, workItemPoints } from './rules.ts';

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
  it("counts a completion late only after the end of the deadline's local day", () => {
    expect(isLateCompletion('2026-03-01', '2026-03-01')).toBe(false);
    expect(isLateCompletion('2026-03-01', '2026-02-27')).toBe(false);
    expect(isLateCompletion('2026-03-01', '2026-03-02')).toBe(true);
    expect(isLateCompletion(null, '2099-01-01')).toBe(false);
  });
  it('compares the dates as dates: a far deadline is never before today, an expanded year is refused', () => {
    expect(isLateCompletion('9999-12-31', '2026-03-02')).toBe(false);
    expect(() => isLateCompletion('+010000-01-01', '2026-03-02')).toThrow('Not a YYYY-MM-DD local date');
  });
  it('pays 1 point at least, late or not', () => {
    expect(actionablePoints(1, 1, false)).toBe(1);
    expect(actionablePoints(1, 0, true)).toBe(5);
    expect(actionablePoints(10, 1000, true)).toBe(500);
    expect(actionablePoints(10, 0, false)).toBe(100);
  });
  it('grows habit points with the streak, capped from the 11th', () => {
    expect(habitPoints(1, 1)).toBe(10);
    expect(habitPoints(1, 2)).toBe(11);
    expect(habitPoints(2, 11)).toBe(40);
    expect(habitPoints(2, 30)).toBe(40);
    expect([1, 2, 10, 11, 12].map((streak) => habitPoints(3, streak))).toEqual([30, 33, 57, 60, 60]);
  });
});
