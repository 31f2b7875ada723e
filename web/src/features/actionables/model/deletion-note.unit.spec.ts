import { describe, expect, it } from 'vitest';
import { deletionNote } from './deletion-note.ts';

describe('deletionNote', () => {
  it('given a to-do that earned nothing, says so, and nothing of points kept', () => {
    expect(deletionNote({ isHabit: false, streak: 0, pointsAwarded: 0 })).toBe('It earned no points.');
  });
  it('given a completed to-do, names the points that stay', () => {
    expect(deletionNote({ isHabit: false, streak: 0, pointsAwarded: 20 })).toBe('The 20 points it earned stay in your history.');
  });
  it('given a habit on a streak, names the streak that ends and the points that stay', () => {
    expect(deletionNote({ isHabit: true, streak: 3, pointsAwarded: 33 })).toBe('Its 3-day streak ends here. The 33 points it earned stay in your history.');
  });
  it('given a habit never completed, speaks of no streak', () => {
    expect(deletionNote({ isHabit: true, streak: 0, pointsAwarded: 0 })).toBe('It earned no points.');
  });
});
