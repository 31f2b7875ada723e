import { actionableMessages, HABIT_START_MAX_DAYS_BACK, type Actionable, type ActionableStatus, type Frequency } from '@tracker/contracts/actionables/http';
import { calendarDay, maxLength, problemsOf, required, timeOfDay, wholeNumberIn, type Problems } from '../../../components/form/field-checks.ts';
import { addDays, type LocalDate } from '../../../lib/dates/local-date.ts';
import { instantToZonedInput, zonedInputToInstant } from '../../../lib/dates/zoned-input.ts';

/** What the create and edit forms hold: numbers as typed text, the deadline as a datetime-local value in the user's zone. */
export interface ActionableValues {
  title: string;
  description: string;
  weight: string;
  deadline: string;
  reminderTime: string;
  pointsToBeAwarded: string;
  status: ActionableStatus;
  goalId: string;
  taskId: string;
  subtaskId: string;
  frequency: Frequency;
  /** Weekdays 0 (Sunday) … 6 (Saturday), for weekly. */
  days: number[];
  dayOfMonth: string;
  /** For every N days: N, counted from the habit's start. */
  everyNDays: string;
  /** For N times a week: N, in weeks beginning on `weekStartsOn`. */
  timesPerWeek: string;
  /** 0 (Sunday) … 6: the habit's own, or the user's week start for one not yet N times a week. */
  weekStartsOn: number;
  /** A new habit's first day when it is kept already (YYYY-MM-DD, up to 30 days back); blank: today. */
  startDate: string;
}

export const blankValues = (overrides: Partial<ActionableValues> = {}): ActionableValues => ({
  title: '',
  description: '',
  weight: '1',
  deadline: '',
  reminderTime: '',
  pointsToBeAwarded: '0',
  status: 'pending',
  goalId: '',
  taskId: '',
  subtaskId: '',
  frequency: 'daily',
  days: [],
  dayOfMonth: '1',
  everyNDays: '2',
  timesPerWeek: '3',
  weekStartsOn: 1,
  startDate: '',
  ...overrides,
});

/** An item's values; `weekStart` (the user's) for an N-per-week schedule it does not have yet. */
export const valuesOf = (item: Actionable, zone: string, weekStart = 1): ActionableValues => ({
  title: item.title,
  description: item.description,
  weight: String(item.weight),
  deadline: instantToZonedInput(item.deadline, zone),
  reminderTime: item.reminderTime ?? '',
  pointsToBeAwarded: String(item.pointsToBeAwarded),
  status: item.status,
  goalId: item.goalId ?? '',
  taskId: item.taskId ?? '',
  subtaskId: item.subtaskId ?? '',
  frequency: item.recurrence.frequency,
  days: [...item.recurrence.days].sort((a, b) => a - b),
  dayOfMonth: String(item.recurrence.dayOfMonth ?? 1),
  everyNDays: String(item.recurrence.everyNDays ?? 2),
  timesPerWeek: String(item.recurrence.timesPerWeek ?? 3),
  weekStartsOn: item.recurrence.weekStartsOn ?? weekStart,
  startDate: item.startDate ?? '',
});

/**
 * A typed number as the body carries it. Not a number → NaN, which JSON sends as null, so the
 * server's 400 names the field: the contract is the rule book, not this form.
 */
const numberOf = (text: string): number => Number(text.trim() === '' ? Number.NaN : text);

/** A datetime-local value as an ISO instant; an unreadable one is sent as typed, for the server to refuse. */
const deadlineOf = (value: string, zone: string): string | null => (value ? (zonedInputToInstant(value, zone) ?? value) : null);

const recurrenceOf = (values: ActionableValues) => {
  switch (values.frequency) {
    case 'daily':
      return { frequency: 'daily' as const };
    case 'weekly':
      return { frequency: 'weekly' as const, days: [...values.days].sort((a, b) => a - b) };
    case 'monthly':
      return { frequency: 'monthly' as const, dayOfMonth: numberOf(values.dayOfMonth) };
    case 'everyNDays':
      return { frequency: 'everyNDays' as const, everyNDays: numberOf(values.everyNDays) };
    case 'timesPerWeek':
      return { frequency: 'timesPerWeek' as const, timesPerWeek: numberOf(values.timesPerWeek), weekStartsOn: values.weekStartsOn };
  }
};

/** The earliest start a new habit may be given: HABIT_START_MAX_DAYS_BACK days before today. */
export const earliestStart = (today: LocalDate): LocalDate => addDays(today, -HABIT_START_MAX_DAYS_BACK);

/** The contract's words for a start out of range, without its field key (the form puts the label in front). */
const startOutside = actionableMessages.startDateOutside(HABIT_START_MAX_DAYS_BACK).replace(/^startDate: /, '');

/** A start date given for a habit kept already: a real day from 30 days back to today (blank: it starts today). */
export const startDateCheck = (value: string, today: LocalDate): string | undefined => {
  if (value === '') return undefined;
  const real = calendarDay(value);
  if (real) return real;
  if (value < earliestStart(today)) return startOutside;
  return value > today ? 'must not be after today: a habit that starts later can be created then' : undefined;
};

/** A deadline typed in the user's zone that the contract takes: a real date and time from 1900 to 9999. */
const deadlineCheck = (value: string, zone: string) => {
  if (value === '') return undefined;
  const instant = zonedInputToInstant(value, zone);
  const year = instant ? Number(instant.slice(0, 4)) : Number.NaN;
  return /^\d{4}-/.test(instant ?? '') && year >= 1900 && year <= 9999 ? undefined : 'must be a date and time from 1900 to 9999';
};

export type ActionableProblems = Problems<keyof ActionableValues>;

/**
 * What the form says before anything is sent, by the contract's rules (contracts/src/actionables/http.ts):
 * a title (the form asks for one, though a create without it would get 'Untitled Actionable'), weight
 * 1–10, points 0–1000, a reminder HH:mm, a deadline from 1900 to 9999, and for a habit at least one
 * weekday (weekly), a day of the month 1–31 (monthly), every 1–365 days, 1–7 times a week, and a start
 * from 30 days back to `today` (given on create). What only the server knows shows under the fields
 * after it answers.
 */
export const formProblems = (values: ActionableValues, habit: boolean, zone = 'UTC', today?: LocalDate): ActionableProblems =>
  problemsOf<keyof ActionableValues>({
    title: required(values.title) ?? maxLength(values.title.trim(), 200),
    description: maxLength(values.description, 5000),
    weight: wholeNumberIn(values.weight, 1, 10),
    deadline: habit ? undefined : deadlineCheck(values.deadline, zone),
    reminderTime: values.reminderTime === '' ? undefined : timeOfDay(values.reminderTime),
    pointsToBeAwarded: habit ? undefined : wholeNumberIn(values.pointsToBeAwarded, 0, 1000),
    days: habit && values.frequency === 'weekly' && values.days.length === 0 ? 'Choose at least one weekday' : undefined,
    dayOfMonth: habit && values.frequency === 'monthly' ? wholeNumberIn(values.dayOfMonth, 1, 31) : undefined,
    everyNDays: habit && values.frequency === 'everyNDays' ? wholeNumberIn(values.everyNDays, 1, 365) : undefined,
    timesPerWeek: habit && values.frequency === 'timesPerWeek' ? wholeNumberIn(values.timesPerWeek, 1, 7) : undefined,
    startDate: habit && today !== undefined ? startDateCheck(values.startDate, today) : undefined,
  });

/** A create body: what was filled in; the server's defaults do the rest (spec.md §7: unset fields are omitted). */
export const createBody = (values: ActionableValues, zone: string, habit: boolean) => ({
  title: values.title,
  ...(values.description.trim() ? { description: values.description } : {}),
  weight: numberOf(values.weight),
  ...(values.deadline ? { deadline: deadlineOf(values.deadline, zone) } : {}),
  ...(values.reminderTime ? { reminderTime: values.reminderTime } : {}),
  ...(habit ? { recurrence: recurrenceOf(values) } : values.pointsToBeAwarded.trim() ? { pointsToBeAwarded: numberOf(values.pointsToBeAwarded) } : {}),
  ...(values.goalId ? { goalId: values.goalId } : {}),
  ...(values.taskId ? { taskId: values.taskId } : {}),
  ...(values.subtaskId ? { subtaskId: values.subtaskId } : {}),
  ...(habit && values.startDate ? { startDate: values.startDate } : {}),
});

const sameDays = (a: number[], b: number[]) => a.length === b.length && a.every((day, index) => day === b[index]);

/** A PATCH body: only what changed; a cleared deadline, reminder or link is sent as null. */
export const changedFields = (before: ActionableValues, after: ActionableValues, zone: string, habit: boolean) => {
  const changed = <K extends keyof ActionableValues>(key: K) => after[key] !== before[key];
  const orNull = (key: 'reminderTime' | 'goalId' | 'taskId' | 'subtaskId') => (changed(key) ? { [key]: after[key] || null } : {});
  const recurrenceChanged =
    habit &&
    (changed('frequency') ||
      (after.frequency === 'weekly' && !sameDays(before.days, after.days)) ||
      (after.frequency === 'monthly' && changed('dayOfMonth')) ||
      (after.frequency === 'everyNDays' && changed('everyNDays')) ||
      (after.frequency === 'timesPerWeek' && changed('timesPerWeek')));
  return {
    ...(changed('title') ? { title: after.title } : {}),
    ...(changed('description') ? { description: after.description } : {}),
    ...(changed('weight') ? { weight: numberOf(after.weight) } : {}),
    ...(changed('deadline') ? { deadline: deadlineOf(after.deadline, zone) } : {}),
    ...orNull('reminderTime'),
    ...(!habit && changed('pointsToBeAwarded') ? { pointsToBeAwarded: numberOf(after.pointsToBeAwarded) } : {}),
    ...(changed('status') ? { status: after.status } : {}),
    ...orNull('goalId'),
    ...orNull('taskId'),
    ...orNull('subtaskId'),
    ...(recurrenceChanged ? { recurrence: recurrenceOf(after) } : {}),
  };
};
