import type { DateTime } from 'luxon';
import type { LocalDate } from '@tracker/domain/time/local-date';

// iCalendar's text rules (RFC 5545 §3.1, §3.3): content lines end in CRLF and are folded to at most
// 75 octets, never inside a UTF-8 character; TEXT values escape backslash, ';', ',' and newlines,
// and may hold no control character but tab.

const LINE_OCTETS = 75;

// Control characters iCalendar's TEXT forbids (all but tab; newlines are escaped before this runs).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/g;

/** A TEXT value (SUMMARY, DESCRIPTION): escaped, control characters as spaces. */
export const text = (value: string): string =>
  value.replace(/\r\n?/g, '\n').replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n').replace(CONTROL, ' ');

/** One content line folded to 75 octets a line (continuations begin with a space). */
export const fold = (line: string): string => {
  if (Buffer.byteLength(line) <= LINE_OCTETS) return line;
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  // The first line holds 75 octets; every continuation 74 after its leading space.
  let room = LINE_OCTETS;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    if (octets + size > room) {
      parts.push(part);
      part = '';
      octets = 0;
      room = LINE_OCTETS - 1;
    }
    part += character;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
};

/** The lines as an iCalendar stream: each folded, each ended by CRLF. */
export const contentLines = (lines: readonly string[]): string => lines.map((line) => `${fold(line)}\r\n`).join('');

/** A DATE value: 2026-11-26 → 20261126. */
export const dateValue = (date: LocalDate): string => date.replace(/-/g, '');

/** A UTC DATE-TIME value: 20261126T093000Z. */
export const utcValue = (instant: Date): string => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** A local DATE-TIME value (no zone: the property's TZID says which): 20261126T093000. */
export const localValue = (local: DateTime): string => local.toFormat("yyyyLLdd'T'HHmmss");

/** A UTC-OFFSET value from minutes east of UTC: -0500, +0530, +0000 (never -0000). */
export const offsetValue = (minutes: number): string => {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}${String(whole % 60).padStart(2, '0')}`;
};
