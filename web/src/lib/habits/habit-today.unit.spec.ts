import { describe, expect, it } from 'vitest';
import { habitTodayShown, shortDay, type HabitToday } from './habit-today.ts';

// Thursday 26 November 2026.
const today = '2026-11-26';
const answer = (overrides: Partial<HabitToday>): HabitToday => ({
  state: 'due',
  occurrence: today,
  next: '2026-11-27',
  doneInPeriod: 0,
  quota: 1,
  canUndo: false,
  ...overrides,
});

describe('a habit’s today, before the click (from the server’s habitToday)', () => {
  it('names the day its Undo takes back when that is not the day a completion today counts for', () => {
    expect(habitTodayShown(answer({ state: 'done', canUndo: true, undoes: today }), today)).not.toHaveProperty('undoesDay');
    expect(habitTodayShown(answer({ state: 'done', canUndo: true, undoes: '2026-11-25' }), today)?.undoesDay).toBe('2026-11-25');
    // A completion today that counts for yesterday (travel west): its undo is of that day, not another.
    expect(habitTodayShown(answer({ state: 'done', occurrence: '2026-11-25', canUndo: true, undoes: '2026-11-25' }), today)).not.toHaveProperty('undoesDay');
    // Nothing to take back: nothing named, whatever an answer says.
    expect(habitTodayShown(answer({ canUndo: false, undoes: '2026-11-25' }), today)).not.toHaveProperty('undoesDay');
  });

  it('says due today, or the earlier day a completion counts for', () => {
    expect(habitTodayShown(answer({}), today)).toEqual({ state: 'due', text: 'Due today', canComplete: true, canUndo: false });
    expect(habitTodayShown(answer({ occurrence: '2026-11-25' }), today)?.text).toBe('Counts for Wed, Nov 25');
    expect(shortDay('2026-11-25')).toBe('Wed, Nov 25');
  });

  it('offers nothing when not scheduled, and says when it next is', () => {
    const shown = habitTodayShown(answer({ state: 'notDue', occurrence: null, next: '2026-11-27' }), today);
    expect(shown).toEqual({
      state: 'notDue',
      text: 'Not scheduled today · next Fri, Nov 27',
      canComplete: false,
      notDueReason: 'Not scheduled today · next Fri, Nov 27',
      canUndo: false,
    });
    expect(habitTodayShown(answer({ state: 'notDue', occurrence: null, next: null }), today)?.text).toBe('Nothing scheduled');
  });

  it('counts an N-per-week habit’s week', () => {
    expect(habitTodayShown(answer({ quota: 3, doneInPeriod: 2 }), today)?.text).toBe('2 of 3 this week');
    expect(habitTodayShown(answer({ state: 'done', quota: 3, doneInPeriod: 3, canUndo: true }), today)).toMatchObject({
      text: 'Done today ✓ · 3 of 3 this week',
      canComplete: false,
      canUndo: true,
    });
  });

  it('still offers a completion on a frozen day, and says done with a tick', () => {
    expect(habitTodayShown(answer({ state: 'frozen' }), today)).toMatchObject({ text: 'Frozen today', canComplete: true });
    expect(habitTodayShown(answer({ state: 'done', doneInPeriod: 1, canUndo: true }), today)).toMatchObject({ text: 'Done today ✓', canUndo: true });
    expect(habitTodayShown(answer({ state: 'done', occurrence: '2026-11-25', doneInPeriod: 1 }), today)?.text).toBe('Done for Wed, Nov 25 ✓');
  });

  it('says nothing for a to-do', () => {
    expect(habitTodayShown(null, today)).toBeNull();
  });
});
