import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, daysInMonth, isLocalDate, weekdayOf } from './local-date.ts';
import { localDateOf, todayIn } from './zone-clock.ts';
import { instantToZonedInput, zonedInputToInstant } from './zoned-input.ts';

describe('calendar dates and zone clocks', () => {
  it('reads the local date of an instant in the given zone, not the machine’s', () => {
    const instant = '2026-11-23T03:30:00.000Z';
    expect(localDateOf(instant, 'America/New_York')).toBe('2026-11-22');
    expect(localDateOf(instant, 'Asia/Tokyo')).toBe('2026-11-23');
    expect(localDateOf(instant, 'Asia/Kathmandu')).toBe('2026-11-23');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-11-23T11:00:00.000Z'))).toBe('2026-11-24');
    expect(todayIn('Pacific/Pago_Pago', new Date('2026-11-23T10:00:00.000Z'))).toBe('2026-11-22');
    expect(todayIn('Pacific/Auckland', new Date('2026-11-23T11:30:00Z'))).toBe('2026-11-24');
    expect(todayIn('America/Los_Angeles', new Date('2026-11-23T11:30:00Z'))).toBe('2026-11-23');
  });

  it('adds days across month, year and DST boundaries, and names weekdays 0 = Sunday', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2026-03-31', '2026-03-01')).toBe(-30);
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-28')).toBe(6);
  });

  it('knows a real calendar date', () => {
    expect(isLocalDate('2026-02-28')).toBe(true);
    expect(isLocalDate('2026-02-30')).toBe(false);
    expect(isLocalDate('someday')).toBe(false);
    expect(isLocalDate(undefined)).toBe(false);
    expect(daysInMonth(2024, 2)).toBe(29);
  });

  it('reads a datetime-local value as a wall-clock time in the user’s zone', () => {
    expect(zonedInputToInstant('2026-07-01T09:30', 'America/New_York')).toBe('2026-07-01T13:30:00.000Z');
    expect(zonedInputToInstant('2026-12-01T09:30', 'America/New_York')).toBe('2026-12-01T14:30:00.000Z');
    expect(zonedInputToInstant('2026-12-01T09:30', 'Asia/Kolkata')).toBe('2026-12-01T04:00:00.000Z');
    expect(zonedInputToInstant('2026-12-01T09:30', 'UTC')).toBe('2026-12-01T09:30:00.000Z');
    // 02:30 does not exist on the spring-forward night: it lands an hour later, as clocks do.
    expect(zonedInputToInstant('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on the fall-back night: the first passing (EDT) is meant.
    expect(zonedInputToInstant('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedInputToInstant('tomorrow', 'UTC')).toBeUndefined();
  });

  it('shows an instant back as the same datetime-local value (round trip), or empty for none', () => {
    for (const zone of ['America/New_York', 'Europe/London', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham']) {
      for (const value of ['2026-01-15T08:05', '2026-07-15T23:59', '2026-10-25T01:30']) {
        expect(instantToZonedInput(zonedInputToInstant(value, zone)!, zone)).toBe(value);
      }
    }
    expect(instantToZonedInput(null, 'UTC')).toBe('');
    expect(instantToZonedInput('not a date', 'UTC')).toBe('');
  });
});
