import { describe, expect, it } from 'vitest';
import { reminderInstant } from './reminder-time.ts';
import { changeZone, startCalendar } from './user-calendar.ts';

const dayOf = (at: string, zone: string, dayStartHour = 0) => startCalendar(at, { zone, dayStartHour });
const fires = (at: string, zone: string, time: string, dayStartHour = 0) => reminderInstant(dayOf(at, zone, dayStartHour), time)?.toISOString() ?? null;

describe('reminderInstant: when a reminder at a time of day fires on the user’s day', () => {
  it('fires at that wall-clock time in the user’s zone', () => {
    expect(fires('2026-11-27T12:00:00Z', 'Asia/Tokyo', '09:00')).toBe('2026-11-27T00:00:00.000Z');
    expect(fires('2026-06-01T12:00:00Z', 'America/New_York', '09:00')).toBe('2026-06-01T13:00:00.000Z');
    expect(fires('2026-06-01T12:00:00Z', 'Asia/Kathmandu', '00:00')).toBe('2026-05-31T18:15:00.000Z');
  });

  it('fires a time a spring-forward change skips at the first instant after the gap (the jump)', () => {
    // New York, 8 March 2026: 02:00 → 03:00 (07:00Z).
    expect(fires('2026-03-08T12:00:00Z', 'America/New_York', '02:30')).toBe('2026-03-08T07:00:00.000Z');
    expect(fires('2026-03-08T12:00:00Z', 'America/New_York', '02:00')).toBe('2026-03-08T07:00:00.000Z');
    expect(fires('2026-03-08T12:00:00Z', 'America/New_York', '03:00')).toBe('2026-03-08T07:00:00.000Z');
    expect(fires('2026-03-08T12:00:00Z', 'America/New_York', '01:59')).toBe('2026-03-08T06:59:00.000Z');
    // Lord Howe moves by half an hour: 02:00 → 02:30 on 4 October 2026 (15:30Z the day before).
    expect(fires('2026-10-04T03:00:00Z', 'Australia/Lord_Howe', '02:15')).toBe('2026-10-03T15:30:00.000Z');
  });

  it('fires a time a fall-back change shows twice at its first showing', () => {
    // New York, 1 November 2026: 02:00 EDT → 01:00 EST; 01:30 is first at 05:30Z, then 06:30Z.
    expect(fires('2026-11-01T12:00:00Z', 'America/New_York', '01:30')).toBe('2026-11-01T05:30:00.000Z');
  });

  it('puts a time before the day-start hour in the day’s tail, the next calendar date', () => {
    expect(fires('2026-11-27T12:00:00Z', 'Asia/Tokyo', '02:00', 4)).toBe('2026-11-27T17:00:00.000Z');
    expect(fires('2026-11-27T12:00:00Z', 'Asia/Tokyo', '04:00', 4)).toBe('2026-11-26T19:00:00.000Z');
  });

  it('fires nothing outside the day, and nothing for what is not HH:mm', () => {
    // Flying west in the evening lengthens today; flying east before a reminder’s time ends today sooner.
    const tokyo = dayOf('2026-11-27T05:00:00Z', 'Asia/Tokyo'); // 14:00 in Tokyo
    const movedEast = changeZone(tokyo, '2026-11-27T05:00:00Z', 'Pacific/Kiritimati'); // 19:00 there, same date
    expect(reminderInstant(movedEast, '23:30')?.toISOString()).toBe('2026-11-27T09:30:00.000Z');
    expect(reminderInstant({ ...tokyo, endsAt: '2026-11-27T06:00:00.000Z' }, '20:00')).toBeNull();
    expect(reminderInstant(tokyo, '9:00')).toBeNull();
  });
});
