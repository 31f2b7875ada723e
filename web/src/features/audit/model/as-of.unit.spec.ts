import { describe, expect, it } from 'vitest';
import { asOfInstant, choiceFromParams, isCompleteChoice, isFutureChoice, paramsOfChoice } from './as-of.ts';

describe('the as-of instant', () => {
  it("reads a chosen minute in the user's zone and includes all of it", () => {
    expect(asOfInstant({ date: '2026-11-20', time: '12:08' }, 'America/New_York')).toBe('2026-11-20T17:08:59.999Z');
    expect(asOfInstant({ date: '2026-11-20', time: '12:08' }, 'Asia/Kolkata')).toBe('2026-11-20T06:38:59.999Z');
    expect(asOfInstant({ date: '2026-11-20', time: '00:00' }, 'UTC')).toBe('2026-11-20T00:00:59.999Z');
  });

  it('takes a date alone to the end of that day in the zone', () => {
    expect(asOfInstant({ date: '2026-11-20', time: '' }, 'America/New_York')).toBe('2026-11-21T04:59:59.999Z');
    expect(asOfInstant({ date: '2026-11-20', time: '' }, 'Pacific/Auckland')).toBe('2026-11-20T10:59:59.999Z');
    expect(asOfInstant({ date: '2026-12-31', time: '' }, 'UTC')).toBe('2026-12-31T23:59:59.999Z');
    expect(asOfInstant({ date: '2026-11-20', time: '23:59' }, 'UTC')).toBe('2026-11-20T23:59:59.999Z');
  });

  it('follows DST changes: a short day, a long day, a skipped and a repeated minute', () => {
    // New York springs forward on 2026-03-08 (23 hours) and falls back on 2026-11-01 (25 hours).
    expect(asOfInstant({ date: '2026-03-08', time: '' }, 'America/New_York')).toBe('2026-03-09T03:59:59.999Z');
    expect(asOfInstant({ date: '2026-11-01', time: '' }, 'America/New_York')).toBe('2026-11-02T04:59:59.999Z');
    // 01:59 is the last minute before the gap; 02:30 does not exist and means where the clocks went on to.
    expect(asOfInstant({ date: '2026-03-08', time: '01:59' }, 'America/New_York')).toBe('2026-03-08T06:59:59.999Z');
    expect(asOfInstant({ date: '2026-03-08', time: '02:30' }, 'America/New_York')).toBe('2026-03-08T07:30:59.999Z');
    // 01:30 happens twice: the first passing (EDT, UTC−4).
    expect(asOfInstant({ date: '2026-11-01', time: '01:30' }, 'America/New_York')).toBe('2026-11-01T05:30:59.999Z');
  });

  it('asks for nothing until the choice is complete', () => {
    expect(asOfInstant({ date: '', time: '' }, 'UTC')).toBeUndefined();
    expect(asOfInstant({ date: '2026-02-30', time: '' }, 'UTC')).toBeUndefined();
    expect(asOfInstant({ date: '2026-11-20', time: '24:00' }, 'UTC')).toBeUndefined();
    expect(asOfInstant({ date: '2026-11-20', time: '9:05' }, 'UTC')).toBeUndefined();
    expect(isCompleteChoice({ date: '2026-11-20', time: '' })).toBe(true);
  });
});

describe('the choice in the address', () => {
  it('reads a valid date and time, and nothing else', () => {
    expect(choiceFromParams({ date: '2026-11-20', time: '08:30' })).toEqual({ date: '2026-11-20', time: '08:30' });
    expect(choiceFromParams({ date: '2026-11-20', time: null })).toEqual({ date: '2026-11-20', time: '' });
    expect(choiceFromParams({ date: null, time: '08:30' })).toBeUndefined();
    expect(choiceFromParams({ date: 'yesterday', time: null })).toBeUndefined();
    expect(choiceFromParams({ date: '2026-11-20', time: 'noon' })).toBeUndefined();
  });

  it('writes back what it reads; the present has no parameters', () => {
    expect(paramsOfChoice({ date: '2026-11-20', time: '08:30' })).toEqual({ date: '2026-11-20', time: '08:30' });
    expect(paramsOfChoice({ date: '2026-11-20', time: '' })).toEqual({ date: '2026-11-20' });
    expect(paramsOfChoice(undefined)).toEqual({});
  });
});

describe('a moment to come', () => {
  const today = '2026-11-20';

  it("is refused: any moment of a day after the user's today", () => {
    expect(isFutureChoice({ date: '2026-11-21', time: '' }, today)).toBe(true);
    expect(isFutureChoice({ date: '2026-11-21', time: '00:00' }, today)).toBe(true);
    expect(isFutureChoice({ date: '2027-01-05', time: '' }, today)).toBe(true);
  });

  it('is not: today (any minute: the server judges those by its own clock), and any earlier moment', () => {
    expect(isFutureChoice({ date: today, time: '' }, today)).toBe(false);
    expect(isFutureChoice({ date: today, time: '23:59' }, today)).toBe(false);
    expect(isFutureChoice({ date: '2026-11-19', time: '23:59' }, today)).toBe(false);
    expect(isFutureChoice({ date: '', time: '' }, today)).toBe(false);
  });
});
