import { describe, expect, it } from 'vitest';
import { habitOnDay, type WaitingCreate } from './waiting-creates.ts';

const habit = (fields: Partial<WaitingCreate> = {}): WaitingCreate => ({ key: 'k', habit: true, title: 'Stretch', ...fields });

describe('a waiting habit on a day (Today lists it once sent)', () => {
  // 2026-11-28 is a Saturday (6).
  const saturday = '2026-11-28';

  it('is on every day from its start when daily or without a schedule', () => {
    expect(habitOnDay(habit(), saturday)).toBe(true);
    expect(habitOnDay(habit({ recurrence: { frequency: 'daily' } }), saturday)).toBe(true);
    expect(habitOnDay(habit({ startDate: '2026-11-29' }), saturday)).toBe(false);
    expect(habitOnDay(habit({ startDate: saturday }), saturday)).toBe(true);
  });

  it('is on its weekdays only when weekly, and on its day of the month when monthly', () => {
    expect(habitOnDay(habit({ recurrence: { frequency: 'weekly', days: [1, 3, 5] } }), saturday)).toBe(false);
    expect(habitOnDay(habit({ recurrence: { frequency: 'weekly', days: [6] } }), saturday)).toBe(true);
    expect(habitOnDay(habit({ recurrence: { frequency: 'monthly', dayOfMonth: 28 } }), saturday)).toBe(true);
    expect(habitOnDay(habit({ recurrence: { frequency: 'monthly', dayOfMonth: 1 } }), saturday)).toBe(false);
  });
});
