/**
 * Quick add's one line ("Call mum tomorrow 17:00 !2 #garden") read into what it will create. Pure:
 * today (the user's, as useToday gives it), the zone and the goals come in as arguments.
 *
 * What it reads (case does not matter; each mark is taken once, the first time it appears, and the
 * words left over are the title):
 * - a day: `today`, `tomorrow`, a weekday (`friday` or `fri`; `sunday` and `saturday` in full: the first one after today), `next friday`
 *   (that weekday in next week, weeks starting on the user's week start), `in 3 days`, `in 2 weeks`,
 *   `2026-12-03`, `12/3` or `12/3/2027` (month/day, as the default zone's country writes it; without a
 *   year the next such date from today), `dec 3` or `3 dec`;
 * - a time: `17:00`, `5pm`, `5:30 pm`, optionally after `at`; a time alone means today;
 * - a weight: `!1` … `!10` (the contract's range);
 * - a goal: `#name`, linked to the goal whose title starts with it (spaces, case and punctuation
 *   ignored: `#run` or `#run-a` for "Run a marathon"), with the words after it that go on spelling a
 *   goal's title (`#Run a 5K`);
 * - a habit: `every day` or `daily` makes a daily habit; a time is then its reminder, a day is refused.
 */
import { addDays, isLocalDate, weekdayOf, type LocalDate } from '../../../lib/dates/local-date.ts';
import { zonedInputToInstant } from '../../../lib/dates/zoned-input.ts';

export const MIN_WEIGHT = 1;
export const MAX_WEIGHT = 10;

/** A date without a time is due by the end of that day in the user's zone. */
export const END_OF_DAY = '23:59';

export interface GoalChoice {
  id: string;
  title: string;
}

export interface QuickAddContext {
  /** The user's today (useToday). */
  today: LocalDate;
  /** The user's zone: a typed time is a wall-clock time there. */
  timezone: string;
  /** 0 = Sunday … 6 = Saturday: where "next week" begins. */
  weekStart: number;
  goals: readonly GoalChoice[];
}

export type GoalLink =
  | { kind: 'none' }
  | { kind: 'matched'; mark: string; goal: GoalChoice }
  | { kind: 'unmatched'; mark: string }
  | { kind: 'ambiguous'; mark: string; goals: GoalChoice[] };

export interface QuickAddDraft {
  title: string;
  habit: boolean;
  /** The due day, when one was typed (or a time alone: today). */
  date?: LocalDate;
  /** HH:mm, when typed. */
  time?: string;
  /** The instant sent as `deadline`: the day at the time (or 23:59) in the user's zone; none for a habit. */
  deadline?: string;
  weight?: number;
  goal: GoalLink;
  /** What keeps it from being created, in words for people. */
  problems: string[];
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'] as const;

/** Short names taken as weekdays: 'sun' and 'sat' are words too ("Sun cream"), so those two only in full. */
const WEEKDAY_SHORT: Record<string, number> = { mon: 1, tue: 2, tues: 2, wed: 3, thu: 4, thur: 4, thurs: 4, fri: 5 };

/** 'friday', 'fri', 'thurs' … → 0–6; undefined for other words. */
const weekdayNamed = (word: string): number | undefined => {
  const full = WEEKDAYS.indexOf(word as (typeof WEEKDAYS)[number]);
  return full >= 0 ? full : WEEKDAY_SHORT[word];
};

/** 'dec', 'december', 'sept' → 1–12; 'may' only whole. */
const monthNamed = (word: string): number | undefined => {
  if (word.length < 3) return undefined;
  const index = MONTHS.findIndex((name) => name.startsWith(word));
  return index < 0 ? undefined : index + 1;
};

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const dateOf = (year: number, month: number, day: number): LocalDate | undefined => {
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return isLocalDate(date) ? date : undefined;
};

/** The next month/day on or after today: this year's, or next year's once it has passed. */
const nextDateOf = (today: LocalDate, month: number, day: number): LocalDate | undefined => {
  const year = Number(today.slice(0, 4));
  const thisYear = dateOf(year, month, day);
  if (thisYear && thisYear >= today) return thisYear;
  return dateOf(year + 1, month, day) ?? thisYear;
};

/** The first `weekday` after today (1–7 days on). */
const comingWeekday = (today: LocalDate, weekday: number): LocalDate => addDays(today, ((weekday - weekdayOf(today) + 6) % 7) + 1);

/** `weekday` in the week after this one, weeks starting on `weekStart`. */
const weekdayNextWeek = (today: LocalDate, weekday: number, weekStart: number): LocalDate => {
  const thisWeekStart = addDays(today, -((weekdayOf(today) - weekStart + 7) % 7));
  return addDays(thisWeekStart, 7 + ((weekday - weekStart + 7) % 7));
};

const normalised = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

const linkGoal = (mark: string, goals: readonly GoalChoice[]): GoalLink => {
  const wanted = normalised(mark);
  if (wanted === '') return { kind: 'unmatched', mark };
  const exact = goals.filter((goal) => normalised(goal.title) === wanted);
  const matches = exact.length > 0 ? exact : goals.filter((goal) => normalised(goal.title).startsWith(wanted));
  if (matches.length === 1) return { kind: 'matched', mark, goal: matches[0]! };
  if (matches.length === 0) return { kind: 'unmatched', mark };
  return { kind: 'ambiguous', mark, goals: matches };
};

/**
 * How many words the goal mark at `at` takes: `#run` alone, or with the words after it while they go
 * on spelling a goal's title ("#Run a 5K" for "Run a 5K", whose "a 5K" would otherwise end up in the
 * to-do's title). Never a word that is a mark of its own (`!2`, `#x`).
 */
const goalWordsAt = (original: readonly string[], at: number, goals: readonly GoalChoice[]): number => {
  const titles = goals.map((goal) => normalised(goal.title));
  let length = 1;
  let spelled = normalised(original[at]!.slice(1));
  for (let next = at + 1; next < original.length && !/^[!#]/.test(original[next]!); next++) {
    const longer = spelled + normalised(original[next]!);
    if (longer === spelled || !titles.some((title) => title.startsWith(longer))) break;
    spelled = longer;
    length = next - at + 1;
  }
  return length;
};

interface Match {
  /** How many words it takes. */
  length: number;
  apply: (draft: Reading) => void;
}

interface Reading {
  date?: LocalDate;
  time?: string;
  weight?: number;
  mark?: string;
  habit: boolean;
  problems: string[];
}

const hhmm = (hour: number, minute: number): string | undefined => (hour <= 23 && minute <= 59 ? `${pad(hour)}:${pad(minute)}` : undefined);

/** A time in the words from `at`: '17:00', '5pm', '5:30pm', '5 pm', '5:30 pm'. */
const readTime = (words: readonly string[], at: number): { time: string; length: number } | undefined => {
  const word = words[at] ?? '';
  const next = words[at + 1] ?? '';
  const clock = /^(\d{1,2}):(\d{2})$/.exec(word);
  const meridiemAfter = next === 'am' || next === 'pm' ? next : undefined;
  const twelve = (hour: number, minute: number, meridiem: string) =>
    hour >= 1 && hour <= 12 ? hhmm((hour % 12) + (meridiem === 'pm' ? 12 : 0), minute) : undefined;
  if (clock) {
    const [hour, minute] = [Number(clock[1]), Number(clock[2])];
    if (meridiemAfter) {
      const time = twelve(hour, minute, meridiemAfter);
      return time ? { time, length: 2 } : undefined;
    }
    const time = hhmm(hour, minute);
    return time ? { time, length: 1 } : undefined;
  }
  const withMeridiem = /^(\d{1,2})(?::(\d{2}))?(am|pm)$/.exec(word);
  if (withMeridiem) {
    const time = twelve(Number(withMeridiem[1]), Number(withMeridiem[2] ?? 0), withMeridiem[3]!);
    return time ? { time, length: 1 } : undefined;
  }
  if (/^\d{1,2}$/.test(word) && meridiemAfter) {
    const time = twelve(Number(word), 0, meridiemAfter);
    return time ? { time, length: 2 } : undefined;
  }
  return undefined;
};

/** A day in the words from `at`. */
const readDay = (words: readonly string[], at: number, context: QuickAddContext): { date: LocalDate; length: number } | undefined => {
  const { today, weekStart } = context;
  const word = words[at] ?? '';
  const next = words[at + 1] ?? '';
  if (word === 'today' || word === 'tonight') return { date: today, length: 1 };
  if (word === 'tomorrow' || word === 'tmrw') return { date: addDays(today, 1), length: 1 };
  const weekday = weekdayNamed(word);
  if (weekday !== undefined) return { date: comingWeekday(today, weekday), length: 1 };
  if (word === 'next') {
    const nextWeekday = weekdayNamed(next);
    if (nextWeekday !== undefined) return { date: weekdayNextWeek(today, nextWeekday, weekStart), length: 2 };
    if (next === 'week') return { date: weekdayNextWeek(today, weekStart, weekStart), length: 2 };
  }
  if (word === 'in') {
    const count = next === 'a' || next === 'an' ? 1 : /^\d{1,3}$/.test(next) ? Number(next) : undefined;
    const unit = words[at + 2] ?? '';
    if (count !== undefined && /^days?$/.test(unit)) return { date: addDays(today, count), length: 3 };
    if (count !== undefined && /^weeks?$/.test(unit)) return { date: addDays(today, 7 * count), length: 3 };
  }
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(word);
  if (iso) {
    const date = dateOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    return date ? { date, length: 1 } : undefined;
  }
  const slashed = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?$/.exec(word);
  if (slashed) {
    const [month, day] = [Number(slashed[1]), Number(slashed[2])];
    const date = slashed[3] ? dateOf(Number(slashed[3]), month, day) : nextDateOf(today, month, day);
    return date ? { date, length: 1 } : undefined;
  }
  const monthFirst = monthNamed(word);
  if (monthFirst !== undefined && /^\d{1,2}$/.test(next)) {
    const date = nextDateOf(today, monthFirst, Number(next));
    return date ? { date, length: 2 } : undefined;
  }
  const monthAfter = monthNamed(next);
  if (monthAfter !== undefined && /^\d{1,2}$/.test(word)) {
    const date = nextDateOf(today, monthAfter, Number(word));
    return date ? { date, length: 2 } : undefined;
  }
  return undefined;
};

/** The mark that starts at word `at`, if any, given what has been read so far. */
const markAt = (words: readonly string[], original: readonly string[], at: number, reading: Reading, context: QuickAddContext): Match | undefined => {
  const word = words[at] ?? '';
  if (!reading.habit && (word === 'daily' || (word === 'every' && words[at + 1] === 'day'))) {
    return { length: word === 'daily' ? 1 : 2, apply: (r) => void (r.habit = true) };
  }
  if (reading.weight === undefined && /^!\d+$/.test(word)) {
    const weight = Number(word.slice(1));
    return {
      length: 1,
      apply: (r) => {
        if (weight >= MIN_WEIGHT && weight <= MAX_WEIGHT) r.weight = weight;
        else r.problems.push(`${word}: a weight goes from !${MIN_WEIGHT} to !${MAX_WEIGHT}`);
      },
    };
  }
  if (reading.mark === undefined && /^#.+/.test(word)) {
    const length = goalWordsAt(original, at, context.goals);
    const mark = original
      .slice(at, at + length)
      .join(' ')
      .slice(1);
    return { length, apply: (r) => void (r.mark = mark) };
  }
  if (reading.time === undefined) {
    const afterAt = word === 'at' ? readTime(words, at + 1) : undefined;
    const time = afterAt ? { ...afterAt, length: afterAt.length + 1 } : readTime(words, at);
    if (time) return { length: time.length, apply: (r) => void (r.time = time.time) };
  }
  if (reading.date === undefined) {
    const onDay = word === 'on' ? readDay(words, at + 1, context) : undefined;
    const day = onDay ? { ...onDay, length: onDay.length + 1 } : readDay(words, at, context);
    if (day) return { length: day.length, apply: (r) => void (r.date = day.date) };
  }
  return undefined;
};

/** Reads one line of quick add. */
export const parseQuickAdd = (line: string, context: QuickAddContext): QuickAddDraft => {
  const original = line.trim().split(/\s+/).filter(Boolean);
  const words = original.map((word) => word.toLowerCase());
  const reading: Reading = { habit: false, problems: [] };
  const titleWords: string[] = [];
  for (let at = 0; at < words.length;) {
    const mark = markAt(words, original, at, reading, context);
    if (mark) {
      mark.apply(reading);
      at += mark.length;
    } else {
      titleWords.push(original[at]!);
      at += 1;
    }
  }
  const title = titleWords.join(' ');
  const problems = [...reading.problems];
  if (title === '') problems.unshift('Type what to do: the words left after the marks are its title');
  const date = reading.date ?? (reading.time !== undefined && !reading.habit ? context.today : undefined);
  if (reading.habit && reading.date !== undefined) problems.push('A daily habit has no due day: leave the day out');
  const deadline = !reading.habit && date !== undefined ? zonedInputToInstant(`${date}T${reading.time ?? END_OF_DAY}`, context.timezone) : undefined;
  return {
    title,
    habit: reading.habit,
    ...(date !== undefined && !reading.habit ? { date } : {}),
    ...(reading.time !== undefined ? { time: reading.time } : {}),
    ...(deadline !== undefined ? { deadline } : {}),
    ...(reading.weight !== undefined ? { weight: reading.weight } : {}),
    goal: reading.mark === undefined ? { kind: 'none' } : linkGoal(reading.mark, context.goals),
    problems,
  };
};

/** The body of the create: POST /actionables (a to-do) or POST /actionables/habits (a daily habit). */
export const createBodyOf = (draft: QuickAddDraft): Record<string, unknown> => ({
  title: draft.title,
  ...(draft.weight !== undefined ? { weight: draft.weight } : {}),
  ...(draft.goal.kind === 'matched' ? { goalId: draft.goal.goal.id } : {}),
  ...(draft.habit
    ? { recurrence: { frequency: 'daily' }, ...(draft.time !== undefined ? { reminderTime: draft.time } : {}) }
    : draft.deadline !== undefined
      ? { deadline: draft.deadline }
      : {}),
});

/** The due day in words, relative to today: 'today', 'tomorrow', 'Friday', 'in 12 days'. */
export const relativeDay = (date: LocalDate, today: LocalDate): string => {
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  if (days > 1 && days < 7) return WEEKDAYS[weekdayOf(date)]!.replace(/^./, (first) => first.toUpperCase());
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
};
