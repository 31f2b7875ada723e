import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INSTANT_MAX, INSTANT_MIN, instant, pastInstant, storedInstant } from './fields.ts';

const ZONES = ['Etc/GMT+12', 'Pacific/Pago_Pago', 'America/Los_Angeles', 'UTC', 'Asia/Kathmandu', 'Pacific/Chatham', 'Pacific/Kiritimati', 'Etc/GMT-14'];
const yearIn = new Map(ZONES.map((timeZone) => [timeZone, new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' })]));
const localYear = (at: string, timeZone: string): number =>
  Number(
    yearIn
      .get(timeZone)!
      .formatToParts(new Date(at))
      .find((part) => part.type === 'year')!.value,
  );
const HOUR = 3_600_000;
/** Any instant of the calendar and a little beyond, most of them within a day of either bound. */
const anyInstant = fc.oneof(
  fc.date({ min: new Date('1899-12-30T00:00:00Z'), max: new Date('+010000-01-02T00:00:00Z'), noInvalidDate: true }),
  ...[INSTANT_MIN, INSTANT_MAX].map((bound) => fc.integer({ min: -30 * HOUR, max: 30 * HOUR }).map((ms) => new Date(Date.parse(bound) + ms))),
  ...[INSTANT_MIN, INSTANT_MAX].map((bound) => fc.integer({ min: -1000, max: 1000 }).map((ms) => new Date(Date.parse(bound) + ms))),
);

describe('instant: what a client may send', () => {
  it.each([
    ['9999-12-31T23:59:59-12:00', '10000-01-01 in UTC'],
    ['1900-01-01T00:00:00+14:00', '1899-12-31 in UTC'],
    ['9999-12-31T10:00:00Z', '10000-01-01 in +14'],
    ['9999-12-31T23:59:59Z', '10000-01-01 in +14'],
    ['1900-01-01T11:59:59.999Z', '1899-12-31 in −12'],
    ['1900-01-01', 'midnight UTC: 1899-12-31 in −12'],
    ['10000-01-01T00:00:00Z', 'a five-digit year'],
  ])('refuses %s (%s)', (value) => {
    expect(instant.safeParse(value).success).toBe(false);
  });

  it.each([
    ['9999-12-31T09:59:59.999Z', '9999-12-31T09:59:59.999Z'],
    ['9999-12-31T23:59:59.999+14:00', '9999-12-31T09:59:59.999Z'],
    ['1900-01-01T12:00:00Z', '1900-01-01T12:00:00.000Z'],
    ['1900-01-01T00:00:00-12:00', '1900-01-01T12:00:00.000Z'],
    ['9999-12-31', '9999-12-31T00:00:00.000Z'],
  ])('accepts %s as %s', (value, stored) => {
    expect(instant.parse(value)).toBe(stored);
    expect(storedInstant.safeParse(stored).success).toBe(true);
  });

  it('accepts only instants whose date is from 1900 to 9999 in every zone from −12 to +14, and stores every one it accepts', () =>
    fc.assert(
      fc.property(anyInstant, fc.constantFrom('Z', '+14:00', '-12:00', '+05:45', '-00:00', '+00:00'), (date, offset) => {
        const minutes = offset === 'Z' ? 0 : (offset[0] === '-' ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4)));
        const local = new Date(date.getTime() + minutes * 60_000).toISOString();
        if (!/^\d{4}-/.test(local)) return; // not writable as a four-digit year in that offset
        const sent = `${local.slice(0, 23)}${offset}`;
        const parsed = instant.safeParse(sent);
        const inside = date.getTime() >= Date.parse(INSTANT_MIN) && date.getTime() <= Date.parse(INSTANT_MAX);
        expect(parsed.success, sent).toBe(inside);
        if (parsed.success) {
          expect(storedInstant.safeParse(parsed.data).success).toBe(true);
          for (const zone of ZONES) expect(localYear(parsed.data, zone), `${sent} in ${zone}`).toBeGreaterThanOrEqual(1900);
          for (const zone of ZONES) expect(localYear(parsed.data, zone), `${sent} in ${zone}`).toBeLessThanOrEqual(9999);
        }
      }),
      { numRuns: 1000 },
    ));

  it('names the bounds in its message', () => {
    const result = instant.safeParse('9999-12-31T23:59:59-12:00');
    expect(result.error?.issues[0]?.message).toContain(INSTANT_MAX);
  });
});

describe('pastInstant: a completion that already happened', () => {
  it('accepts up to the skew past now, refuses beyond it', () => {
    const day = 86_400_000;
    expect(pastInstant(day).safeParse(new Date(Date.now() + day / 2).toISOString()).success).toBe(true);
    expect(pastInstant(day).safeParse(new Date(Date.now() + 2 * day).toISOString()).success).toBe(false);
    expect(pastInstant(day).safeParse('2020-01-01T00:00:00Z').success).toBe(true);
  });
});
