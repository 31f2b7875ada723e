import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CalendarOracle, oracleWallDay, QUARTER_MS as QUARTER, ZONES } from './testing/calendar-oracle.ts';
import { calendarAt, changeDayStart, changeZone, clockOfCalendar, startCalendar, wallDayBounds, type UserCalendar } from './user-calendar.ts';

const at = (iso: string) => new Date(iso);
const utc = { zone: 'UTC', dayStartHour: 0 };

describe('a zone change', () => {
  it('to a zone where it is already tomorrow waits for the end of today: nothing is credited twice, nothing dated ahead', () => {
    // Given a user in UTC on Thursday evening
    const calendar = startCalendar(at('2026-11-26T10:00:00Z'), utc);
    // When they move to Kiritimati (+14), where it is Friday already
    const moved = changeZone(calendar, at('2026-11-26T20:00:00Z'), 'Pacific/Kiritimati');
    // Then today is still Thursday until UTC midnight, and Friday (in Kiritimati) from then on
    expect(calendarAt(moved, at('2026-11-26T23:59:00Z')).day).toBe('2026-11-26');
    expect(calendarAt(moved, at('2026-11-27T00:00:00Z'))).toMatchObject({ day: '2026-11-27', rule: { zone: 'Pacific/Kiritimati' } });
    // Friday there ends at Kiritimati's midnight, 10:00 UTC: a short day, and Saturday is on time.
    expect(calendarAt(moved, at('2026-11-27T10:00:00Z')).day).toBe('2026-11-28');
  });

  it('back west never returns to a day already lived', () => {
    const calendar = changeZone(startCalendar(at('2026-11-26T10:00:00Z'), utc), at('2026-11-26T20:00:00Z'), 'Pacific/Kiritimati');
    // Friday evening in Kiritimati; then home to New York, where it is still Friday morning.
    const home = changeZone(calendar, at('2026-11-27T08:00:00Z'), 'America/New_York');
    expect(calendarAt(home, at('2026-11-27T08:00:00Z'))).toMatchObject({ day: '2026-11-27', rule: { zone: 'America/New_York' } });
    // Friday lasts until New York's midnight: never Thursday again.
    expect(calendarAt(home, at('2026-11-28T04:59:00Z')).day).toBe('2026-11-27');
    expect(calendarAt(home, at('2026-11-28T05:00:00Z')).day).toBe('2026-11-28');
  });

  it('keeping today’s date applies at once: an evening flight west lengthens today', () => {
    const calendar = startCalendar(at('2026-11-26T10:00:00Z'), { zone: 'Europe/London', dayStartHour: 0 });
    const moved = changeZone(calendar, at('2026-11-26T22:00:00Z'), 'America/Los_Angeles');
    expect(clockOfCalendar(moved, at('2026-11-27T07:59:00Z'))).toMatchObject({ localDate: '2026-11-26', timezone: 'America/Los_Angeles' });
    expect(clockOfCalendar(moved, at('2026-11-27T08:00:00Z')).localDate).toBe('2026-11-27');
  });

  it('across the date line eastwards catches up a day at a time, each at least an hour long', () => {
    const calendar = startCalendar(at('2026-11-26T13:00:00Z'), { zone: 'Etc/GMT+12', dayStartHour: 0 });
    const moved = changeZone(calendar, at('2026-11-26T14:00:00Z'), 'Etc/GMT-14');
    // Thursday −12 ends at 12:00 UTC Friday, when it is already Saturday 02:00 at +14.
    expect(calendarAt(moved, at('2026-11-27T11:59:00Z')).day).toBe('2026-11-26');
    expect(calendarAt(moved, at('2026-11-27T12:00:00Z')).day).toBe('2026-11-27');
    expect(calendarAt(moved, at('2026-11-27T13:00:00Z')).day).toBe('2026-11-28');
    expect(calendarAt(moved, at('2026-11-28T10:00:00Z')).day).toBe('2026-11-29');
  });
});

describe('a day start that a DST change skips', () => {
  it('begins the day where the clock jumped past the hour (Chatham, 2024-09-29: 02:45 → 03:45, days from 03:00)', () => {
    const rule = { zone: 'Pacific/Chatham', dayStartHour: 3 };
    const calendar = startCalendar(at('2024-09-28T02:00:00Z'), rule);
    // 02:45 standard (+12:45) is 14:00Z; the clock then reads 03:45 (+13:45): the 29th begins there.
    expect(calendarAt(calendar, at('2024-09-28T13:59:00Z')).day).toBe('2024-09-28');
    expect(calendarAt(calendar, at('2024-09-28T14:00:00Z')).day).toBe('2024-09-29');
  });
});

describe('a day start that a DST change repeats', () => {
  it('begins the day the first time the clock reads the hour (Havana, 2025-11-02: 01:00 → 00:00, midnight twice)', () => {
    const calendar = startCalendar(at('2025-11-01T12:00:00Z'), { zone: 'America/Havana', dayStartHour: 0 });
    // Midnight daylight time (−4) is 04:00Z; an hour later the clock goes back to midnight standard time (−5).
    expect(calendarAt(calendar, at('2025-11-02T03:59:00Z')).day).toBe('2025-11-01');
    expect(calendarAt(calendar, at('2025-11-02T04:00:00Z')).day).toBe('2025-11-02');
    // And that day ends at the next midnight, standard time.
    expect(calendarAt(calendar, at('2025-11-03T04:59:00Z')).day).toBe('2025-11-02');
    expect(calendarAt(calendar, at('2025-11-03T05:00:00Z')).day).toBe('2025-11-03');
  });

  it('spans the day from that first midnight to the next (the bounds a list of the day reads), 25 hours', () => {
    const { start, end } = wallDayBounds('2025-11-02', { zone: 'America/Havana', dayStartHour: 0 });
    expect([new Date(start).toISOString(), new Date(end).toISOString()]).toEqual(['2025-11-02T04:00:00.000Z', '2025-11-03T05:00:00.000Z']);
    // The calendar's last day ends past every instant a user can send.
    expect(wallDayBounds('9999-12-31', { zone: 'Pacific/Kiritimati', dayStartHour: 0 }).end).toBeGreaterThan(Date.parse('9999-12-31T23:59:59.999Z'));
  });
});

describe('a day the wall clock skips', () => {
  it('still lasts an hour, however long the calendar was left (Kiritimati, 1994-12-31: −10 → +14)', () => {
    const calendar = startCalendar(at('1994-12-20T12:00:00Z'), { zone: 'Pacific/Kiritimati', dayStartHour: 0 });
    expect(calendarAt(calendar, at('1994-12-31T09:59:00Z')).day).toBe('1994-12-30');
    expect(calendarAt(calendar, at('1994-12-31T10:00:00Z')).day).toBe('1994-12-31');
    expect(calendarAt(calendar, at('1994-12-31T11:00:00Z')).day).toBe('1995-01-01');
  });
});

describe('the day-start hour', () => {
  it('counts a completion before it for the day before, from the day after the change on', () => {
    const calendar = changeDayStart(startCalendar(at('2026-11-26T10:00:00Z'), utc), at('2026-11-26T10:00:00Z'), 4);
    // Thursday still ends at midnight; Friday runs to 04:00 on Saturday.
    expect(calendarAt(calendar, at('2026-11-27T00:00:00Z')).day).toBe('2026-11-27');
    expect(calendarAt(calendar, at('2026-11-28T03:59:00Z')).day).toBe('2026-11-27');
    expect(calendarAt(calendar, at('2026-11-28T04:00:00Z')).day).toBe('2026-11-28');
  });
});

// ——— Property: the implementation against an oracle written apart from it (testing/calendar-oracle.ts) ———

type Change = { afterQuarters: number } & ({ kind: 'zone'; zone: string } | { kind: 'dayStart'; hour: number });
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ afterQuarters: fc.integer({ min: 1, max: 160 }), kind: fc.constant('zone' as const), zone: fc.constantFrom(...ZONES) }),
  fc.record({ afterQuarters: fc.integer({ min: 1, max: 160 }), kind: fc.constant('dayStart' as const), hour: fc.integer({ min: 0, max: 23 }) }),
);
const history = fc.record({
  // 1971–2036, on a quarter hour; DST rules of every era the zones had.
  startQuarter: fc.integer({ min: 40_000, max: 2_300_000 }),
  zone: fc.constantFrom(...ZONES),
  dayStartHour: fc.integer({ min: 0, max: 23 }),
  changes: fc.array(change, { maxLength: 10 }),
});

describe('every history of zone and day-start changes (property, against an oracle)', () => {
  it('gives the oracle’s day at every quarter hour; days never repeat, never skip', () => {
    fc.assert(
      fc.property(history, ({ startQuarter, zone, dayStartHour, changes }) => {
        let ms = startQuarter * QUARTER;
        let calendar: UserCalendar = startCalendar(new Date(ms), { zone, dayStartHour });
        const oracle = new CalendarOracle(ms, zone, dayStartHour);
        const due = new Map<number, Change[]>();
        let t = ms;
        for (const c of changes) {
          t += c.afterQuarters * QUARTER;
          due.set(t, [...(due.get(t) ?? []), c]);
        }
        const end = t + 3 * 96 * QUARTER;
        let previous = calendar.day;
        for (; ms <= end; ms += QUARTER) {
          // The oracle's day rolls over first, then the changes made at this instant.
          oracle.tick(ms);
          for (const c of due.get(ms) ?? []) {
            if (c.kind === 'zone') {
              oracle.changeZone(ms, c.zone);
              calendar = changeZone(calendar, new Date(ms), c.zone);
            } else {
              oracle.changeDayStart(c.hour);
              calendar = changeDayStart(calendar, new Date(ms), c.hour);
            }
          }
          const today = calendarAt(calendar, new Date(ms)).day;
          expect(today).toBe(oracle.day);
          expect([previous, new Date(Date.parse(`${previous}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)]).toContain(today);
          previous = today;
        }
        // Three quiet days after the last change: today is the wall-clock day again — save in the hour
        // after the wall clock skipped a day (Kiritimati's 1994-12-31), which is that day's.
        const { zone: lastZone, dayStartHour: lastHour } = calendar.next;
        const wall = oracleWallDay(end, lastZone, lastHour);
        const dayBefore = new Date(Date.parse(`${wall}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
        const skipped = oracleWallDay(end - 4 * QUARTER, lastZone, lastHour) < dayBefore;
        expect(calendarAt(calendar, new Date(end)).day).toBe(skipped ? dayBefore : wall);
      }),
      { numRuns: 100 },
    );
  });
});
