import { describe, expect, it } from 'vitest';
import { receiptText, worthText } from './receipt-words.ts';

describe('receipts in words', () => {
  it('a to-do: its weight or its own points, halved and how late', () => {
    expect(receiptText({ rule: 'actionable', rulesVersion: 1, inputs: { weight: 2, pointsToBeAwarded: 0, late: true, daysLate: 1 }, points: 10 })).toBe(
      '+10: weight 2 × 10, halved: 1 day late',
    );
    expect(worthText({ rule: 'actionable', rulesVersion: 1, inputs: { weight: 2, pointsToBeAwarded: 0, late: false, daysLate: 0 }, points: 20 })).toBe(
      'Worth +20: weight 2 × 10',
    );
    expect(receiptText({ rule: 'actionable', rulesVersion: 1, inputs: { weight: 4, pointsToBeAwarded: 35, late: true, daysLate: 3 }, points: 17 })).toBe(
      '+17: its own 35 points, halved: 3 days late',
    );
  });

  it('a habit: the streak bonus it got, or none on day one; a day recorded afterwards', () => {
    expect(receiptText({ rule: 'habit', rulesVersion: 1, inputs: { weight: 3, streak: 2 }, points: 33 })).toBe('+33: weight 3 × 10, +3 for streak 2');
    expect(receiptText({ rule: 'habit', rulesVersion: 1, inputs: { weight: 3, streak: 1 }, points: 30 })).toBe('+30: weight 3 × 10, streak 1');
    expect(
      receiptText({
        rule: 'habitBackfill',
        rulesVersion: 1,
        inputs: { weight: 2, streak: 1, date: '2026-03-02', recounted: [{ date: '2026-03-03', streak: 2, previousStreak: 1, backfilled: false }] },
        points: 12,
      }),
    ).toBe('+12: weight 2 at streak 1, halved: recorded afterwards; 1 later day recounted');
  });

  it('a goal, task or subtask by priority; a revocation by the rules of the award it takes back', () => {
    expect(receiptText({ rule: 'goal', rulesVersion: 1, inputs: { priority: 2, base: 25 }, points: 100 })).toBe('+100: priority 2 goal: 25 × 4');
    expect(receiptText({ rule: 'revocation', rulesVersion: 1, inputs: { awarded: 33 }, points: -33 })).toBe('−33: takes back the award counted by rules v1');
    expect(receiptText({ rule: 'revocation', rulesVersion: null, inputs: { awarded: 5 }, points: -5 })).toBe('−5: takes back the award');
  });
});
