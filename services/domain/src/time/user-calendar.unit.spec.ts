import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarAt, changeDayStart, changeZone, clockOfCalendar, startCalendar, type UserCalendar } from './user-calendar.ts';

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

describe('the day-start hour', () => {
  it('counts a completion before it for the day before, from the day after the change on', () => {
    const calendar = changeDayStart(startCalendar(at('2026-11-26T10:00:00Z'), utc), at('2026-11-26T10:00:00Z'), 4);
    // Thursday still ends at midnight; Friday runs to 04:00 on Saturday.
    expect(calendarAt(calendar, at('2026-11-27T00:00:00Z')).day).toBe('2026-11-27');
    expect(calendarAt(calendar, at('2026-11-28T03:59:00Z')).day).toBe('2026-11-27');
    expect(calendarAt(calendar, at('2026-11-28T04:00:00Z')).day).toBe('2026-11-28');
  });
});

// ——— Property: the implementation against an oracle written apart from it ———
// The oracle walks the clock in quarter hours (every zone offset, DST change and day start falls on
// one) and reads wall-clock dates with Intl, not luxon: a day ends at the first quarter hour whose
// wall-clock day (in the zone the day counts in) is past it, an hour after its start at the earliest.

const ZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'America/St_Johns',
  'America/Santiago',
  'America/Havana',
  'America/Sao_Paulo',
  'Pacific/Honolulu',
  'Etc/GMT+12',
  'Pacific/Pago_Pago',
  'Pacific/Apia',
  'Pacific/Kiritimati',
  'Pacific/Chatham',
  'Pacific/Auckland',
  'Australia/Lord_Howe',
  'Australia/Sydney',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Asia/Tehran',
  'Asia/Tokyo',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Moscow',
  'Africa/Casablanca',
];
const QUARTER = 900_000;
const formats = new Map<string, Intl.DateTimeFormat>();
const wallParts = (ms: number, zone: string) => {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    formats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
};
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const oracleWallDay = (ms: number, zone: string, hour: number) => {
  const wall = wallParts(ms, zone);
  return wall.hour < hour ? dayBefore(wall.date) : wall.date;
};

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
        const oracle = { day: oracleWallDay(ms, zone, dayStartHour), start: NaN, zone, hour: dayStartHour, next: { zone, hour: dayStartHour } };
        oracle.start = -Infinity; // begun by the wall clock; its length is not bounded below
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
          if (oracleWallDay(ms, oracle.zone, oracle.hour) > oracle.day && ms >= oracle.start + 4 * QUARTER) {
            oracle.day = new Date(Date.parse(`${oracle.day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
            oracle.start = ms;
            oracle.zone = oracle.next.zone;
            oracle.hour = oracle.next.hour;
          }
          for (const c of due.get(ms) ?? []) {
            if (c.kind === 'zone') {
              if (oracleWallDay(ms, c.zone, oracle.hour) === oracle.day) oracle.zone = c.zone;
              oracle.next.zone = c.zone;
              calendar = changeZone(calendar, new Date(ms), c.zone);
            } else {
              oracle.next.hour = c.hour;
              calendar = changeDayStart(calendar, new Date(ms), c.hour);
            }
          }
          const today = calendarAt(calendar, new Date(ms)).day;
          expect(today).toBe(oracle.day);
          expect([previous, new Date(Date.parse(`${previous}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)]).toContain(today);
          previous = today;
        }
        // Three quiet days after the last change: today is the wall-clock day again.
        expect(calendarAt(calendar, new Date(end)).day).toBe(oracleWallDay(end, calendar.next.zone, calendar.next.dayStartHour));
      }),
      { numRuns: 100 },
    );
  });
});
