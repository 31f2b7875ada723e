import { describe, expect, it } from 'vitest';
import { backfillText, completionText, pointsLabel, signedPoints, undoText } from './points-words.ts';

describe('points, saying what happened', () => {
  it('signs and counts them', () => {
    expect(pointsLabel(1)).toBe('1 point');
    expect(signedPoints(20)).toBe('+20 points');
    expect(signedPoints(-1)).toBe('−1 point');
  });

  it('for a completion, a recorded day and a take-back', () => {
    expect(completionText(22, 3)).toBe('+22 points · streak 3');
    expect(completionText(0, 1)).toBe('Done · streak 1');
    expect(backfillText(11)).toBe('+11 points (half: recorded afterwards)');
    expect(backfillText(11, 4)).toBe('+11 points (half: recorded afterwards) · streak 4');
    expect(undoText(22, 2)).toBe('−22 points taken back · streak 2');
    expect(undoText(1)).toBe('−1 point taken back');
  });
});
