import { fieldErrors, type ApiError, type FieldErrors } from '../../lib/api/api-errors.ts';
import { failureOf, failureText, FIELD_KEY_PREFIX, isHumanMessage } from '../../lib/api/failure-text.ts';
import { fieldMessage } from './field-message.ts';

/** A form's human labels by the server's field key, e.g. { pointsToBeAwarded: 'Points to award' }. */
export type FieldLabels = Readonly<Record<string, string>>;

/** Contract wordings written for API clients, and what a person reads instead. */
const rewrites: ReadonlyArray<readonly [RegExp, string]> = [
  [/NUL or unpaired surrogate/, 'contains characters that cannot be saved'],
  [/^must be one of /, 'is not one of the choices'],
  [/^must be a valid id$/, 'is not one of the choices'],
  [/^must be an ISO 8601 date(?: or date-time)? from (\d+) to (\d+)$/, 'must be a date and time from $1 to $2'],
  [/^must be an ISO 8601 /, 'must be a date and time'],
  [/^must be a real date \(YYYY-MM-DD\) from (\d+) to (\d+)$/, 'must be a real date from $1 to $2'],
  [/^must be a time HH:mm/, 'must be a time of day from 00:00 to 23:59'],
  [/^weekly recurrence needs at least one weekday/, 'Choose at least one weekday'],
  [/^monthly recurrence needs a dayOfMonth/, 'must be a whole number from 1 to 31'],
  [/^must be a weekday from 0 \(Sunday\)/, 'must be a day of the week'],
  [/^must not be before startDate$/, 'must not be before the start date'],
  [/^Invalid IANA time zone$/, 'is not a time zone this app knows'],
  [/^a freeze covers (\d+) to (\d+) days, from today up to a year ahead$/, 'must make a freeze of $1 to $2 days, from today up to a year ahead'],
  [/^Password must be at most 72 bytes long/, 'Password is too long: use at most 72 characters (fewer with accents or emoji)'],
  // zod's own wordings, for checks a contract left without a message of its own.
  [/^Invalid input|expected \w+, received \w+/i, 'is not valid'],
  [/^Too small/, 'is too short or too small'],
  [/^Too big/, 'is too long or too large'],
];

/** A field's message as a person reads it: no field key in front, no contract jargon. */
export const humanFieldMessage = (message: string): string => {
  const bare = message.replace(FIELD_KEY_PREFIX, '');
  for (const [pattern, human] of rewrites) {
    const match = pattern.exec(bare);
    if (match) return human.replace(/\$(\d)/g, (_, group: string) => match[Number(group)] ?? '');
  }
  return bare;
};

/** 'pointsToBeAwarded' → 'Points to be awarded'; 'actionables.1.weight' → 'Weight' (indexes and parents are context, not names). */
export const keyLabel = (field: string): string => {
  const last =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? '';
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The label of a server field key: the form's own, else the nearest labelled parent's, else one made from the key. */
export const labelOf = (field: string, labels: FieldLabels): string => {
  const parts = field.split('.');
  for (let length = parts.length; length > 0; length--) {
    const label = labels[parts.slice(0, length).join('.')];
    if (label !== undefined) return label;
  }
  return keyLabel(field);
};

/** Whether an error for `field` belongs to the field shown as `shown` (itself or something inside it, e.g. recurrence.days.0). */
const belongsTo = (field: string, shown: string): boolean => field === shown || field.startsWith(`${shown}.`);

/** The server's message for a field the form shows, including messages about parts of it ('recurrence.days.0' for 'recurrence.days'). */
export const errorAt = (errors: FieldErrors, shown: string): string | undefined => Object.entries(errors).find(([field]) => belongsTo(field, shown))?.[1];

/** A field error led by the field's human label ('Points to award must be …'); one about the whole body has none. */
export const labelledMessage = (field: string, message: string, labels: FieldLabels): string =>
  field === 'body' ? humanFieldMessage(message) : fieldMessage(labelOf(field, labels), humanFieldMessage(message));

/** Messages for the fields a form does not show, each led by the field's human label. */
export const otherFieldMessages = (errors: FieldErrors, shown: readonly string[], labels: FieldLabels): string[] =>
  Object.entries(errors)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && !shown.some((field) => belongsTo(entry[0], field)))
    .map(([field, message]) => labelledMessage(field, message, labels));

/**
 * The headline of a failed form submit. When the server named fields, their messages are beside
 * the fields (or listed under this), so the headline says where to look instead of repeating one.
 */
export const formFailureText = (error: ApiError, fallback: string, errors: FieldErrors): string => {
  const messages = Object.values(errors);
  if (messages.length === 0) return failureText(error, fallback);
  const { message } = failureOf(error);
  if (message !== undefined && isHumanMessage(message) && !messages.includes(message)) return message;
  return `${fallback}. Please check the ${messages.length === 1 ? 'field' : 'fields'} marked below.`;
};

/** A failure told in one line (a toast): the failure text, then every field error led by its label. */
export const failureWithFields = (error: ApiError, fallback: string, labels: FieldLabels): string => {
  const lines = otherFieldMessages(fieldErrors(error), [], labels);
  return lines.length === 0 ? failureText(error, fallback) : [fallback, ...lines].map((line) => line.replace(/\.?$/, '.')).join(' ');
};
