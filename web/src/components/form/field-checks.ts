import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH } from '@tracker/contracts/constants';
import { messages } from '@tracker/contracts/messages';

/**
 * The checks forms run before sending, mirroring the contracts' rules (contracts/src/**\/http.ts) so
 * the user hears at once what the server would refuse. Each returns the message for the field, worded
 * as the server words it (a predicate the field's label goes in front of, or a full sentence), or
 * undefined when the value passes.
 */
export type Check = string | undefined;

/** Field key → message, for the fields that failed. */
export type Problems<K extends string = string> = Partial<Record<K, string>>;

/** Only the failed checks, so `Object.keys(problems).length === 0` means the form may be sent. */
export const problemsOf = <K extends string>(checks: Partial<Record<K, Check>>): Problems<K> =>
  Object.fromEntries(Object.entries(checks).filter((entry) => entry[1] !== undefined)) as Problems<K>;

export const hasProblems = (problems: Problems): boolean => Object.keys(problems).length > 0;

export const required = (value: string): Check => (value.trim() === '' ? 'is required' : undefined);

/** Pass trimmed text where the contract trims (titles, names). */
export const maxLength = (value: string, max: number): Check => (value.length > max ? `must be at most ${max.toLocaleString('en-US')} characters` : undefined);

/** Typed text that must be a whole number in a range, as contracts' wholeNumber(min, max) words it. */
export const wholeNumberIn = (value: string, min: number, max: number): Check => {
  const message = `must be a whole number from ${min} to ${max}`;
  if (!/^\s*\d+\s*$/.test(value)) return message;
  const number = Number(value);
  return number < min || number > max ? message : undefined;
};

/** HH:mm on a 24-hour clock, as `<input type="time">` gives it. */
export const timeOfDay = (value: string): Check => (/^(?:[01]\d|2[0-3]):[0-5]\d$/.test(value) ? undefined : 'must be a time of day from 00:00 to 23:59');

// Looser than the server's rule on purpose: it only catches what is surely not an address.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export const emailAddress = (value: string): Check =>
  required(value) ?? (value.trim().length > 254 ? 'must be at most 254 characters' : EMAIL.test(value.trim()) ? undefined : 'must be a valid email address');

/** A password being chosen: the server's length rules and its own texts (contracts/src/messages.ts). */
export const newPassword = (value: string): Check => {
  if (value === '') return 'is required';
  if (value.length < PASSWORD_MIN_LENGTH) return messages.passwordTooShort;
  if (new TextEncoder().encode(value).length > PASSWORD_MAX_BYTES) return messages.passwordTooLong;
  return undefined;
};

/** A YYYY-MM-DD from an `<input type="date">`: a real day from 1900 on, not after `latest` when given. */
export const calendarDay = (value: string, latest?: string): Check => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  if (!match || !date || date.toISOString().slice(0, 10) !== value || Number(match[1]) < 1900) return 'must be a real date from 1900 to 9999';
  return latest !== undefined && value > latest ? 'must not be in the future' : undefined;
};
