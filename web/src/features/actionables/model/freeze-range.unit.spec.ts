import { describe, expect, it } from 'vitest';
import { freezeDays } from '../../../lib/habits/freeze-words.ts';
import { freezeRangeProblems, freezesAhead, freezeStatus } from './freeze-range.ts';

const today = '2026-11-25';

describe('a freeze’s dates, checked before sending', () => {
  it('accepts 1 to 14 days from today on', () => {
    expect(freezeRangeProblems(today, today, today)).toEqual({});
    expect(freezeRangeProblems('2026-11-30', '2026-12-13', today)).toEqual({});
  });

  it('refuses a first day before today or more than a year ahead, naming From', () => {
    expect(freezeRangeProblems('2026-11-24', '2026-11-26', today)).toEqual({ from: 'must be today or later' });
    expect(freezeRangeProblems('2027-11-26', '2027-11-27', today)).toEqual({ from: 'must be within a year from today' });
    expect(freezeRangeProblems('', '2026-11-27', today)).toHaveProperty('from');
  });

  it('refuses a last day before the first or more than 14 days on, naming To', () => {
    expect(freezeRangeProblems('2026-11-30', '2026-11-29', today)).toEqual({ to: 'must not be before the first day' });
    expect(freezeRangeProblems('2026-11-30', '2026-12-14', today)).toHaveProperty('to');
    expect(freezeRangeProblems('2026-11-30', '', today)).toHaveProperty('to');
  });
});

describe('the freezes list', () => {
  const freezes = [
    { id: 'past', from: '2026-11-01', to: '2026-11-03' },
    { id: 'later', from: '2026-12-07', to: '2026-12-08' },
    { id: 'now', from: '2026-11-24', to: '2026-11-26' },
    { id: 'next', from: '2026-11-30', to: '2026-12-06' },
  ];

  it('shows those under way or to come, soonest first', () => {
    expect(freezesAhead(freezes, today).map((freeze) => freeze.id)).toEqual(['now', 'next', 'later']);
  });

  it('says which have begun (no Cancel) and which are upcoming', () => {
    expect(freezes.map((freeze) => freezeStatus(freeze, today))).toEqual(['past', 'upcoming', 'current', 'upcoming']);
    expect(freezeStatus({ from: today, to: today }, today)).toBe('current');
    expect(freezeDays({ from: '2026-11-30', to: '2026-12-06' })).toBe(7);
  });
});
