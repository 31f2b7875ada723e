/*
 * A user's days as an oracle written apart from user-calendar.ts: it walks the clock in quarter
 * hours (every zone offset, DST change and day start falls on one) and reads wall-clock dates with
 * Intl, not luxon. A day ends at the first quarter hour whose wall-clock day, in the zone the day
 * counts in, is past it — an hour after its start at the earliest — and the next day takes the
 * zone and day-start hour then in force; a zone change that keeps today's date applies at once.
 */

export const ZONES = [
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
export const QUARTER_MS = 900_000;

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
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The wall-clock day at `ms` in `zone`, a day starting at `hour`. */
export const oracleWallDay = (ms: number, zone: string, hour: number): string => {
  const wall = wallParts(ms, zone);
  return wall.hour < hour ? shift(wall.date, -1) : wall.date;
};

export class CalendarOracle {
  day: string;
  private start = -Infinity; // begun by the wall clock; its length is not bounded below
  private zone: string;
  private hour: number;
  private readonly next: { zone: string; hour: number };

  constructor(ms: number, zone: string, hour: number) {
    this.day = oracleWallDay(ms, zone, hour);
    this.zone = zone;
    this.hour = hour;
    this.next = { zone, hour };
  }

  /** The quarter hour `ms` comes (call it for every quarter hour in order): the day rolls over when it ends. */
  tick(ms: number): void {
    if (oracleWallDay(ms, this.zone, this.hour) > this.day && ms >= this.start + 4 * QUARTER_MS) {
      this.day = shift(this.day, 1);
      this.start = ms;
      this.zone = this.next.zone;
      this.hour = this.next.hour;
    }
  }

  changeZone(ms: number, zone: string): void {
    if (oracleWallDay(ms, zone, this.hour) === this.day) this.zone = zone;
    this.next.zone = zone;
  }

  changeDayStart(hour: number): void {
    this.next.hour = hour;
  }

  /** The zone today counts in. */
  get currentZone(): string {
    return this.zone;
  }
}
