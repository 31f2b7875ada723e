import { actionableMessages, HABIT_BACKFILL_MAX_DAYS } from '@tracker/contracts/actionables/http';
import type { EventOf } from '@tracker/contracts/events';
import type { Unversioned } from '@tracker/contracts/common/events';
import { Conflict, ValidationFailed } from '../common/errors.ts';
import { awardOf } from '../points/award.ts';
import { backfillPoints, habitAward, habitBackfillAward, type Award, type HabitRules } from '../points/rules.ts';
import { addDays, type Clock, type LocalDate } from '../time/local-date.ts';
import {
  creditDateOf,
  firstDueOnOrAfter,
  follows,
  keepRecent,
  periodOf,
  quotaOf,
  recount,
  standingOf,
  withCredit,
  type Credit,
  type DateRange,
  type HabitSchedule,
  type Standing,
} from './habit-schedule.ts';

// What a habit's completion, backfill and undo decide, on the habit's recent credits (habit-schedule.ts).
// The points rules: a completion earns habitPoints at the streak after it (at least 1: a week of an
// N-per-week habit not yet met stands at the streak before it); a backfill earns half that for the
// day it records, plus, for each later credit whose streak it lengthened, the difference its new
// streak makes; a take-back revokes exactly what its completion earned.

/** A completion as the habit remembers it, so that it can be taken back exactly. */
export interface Claim {
  date: LocalDate;
  period: LocalDate;
  /** The user's day it was recorded on. */
  claimedOn: LocalDate;
  /** Every point it earned (a backfill's included). */
  points: number;
  /** The rules version its award was counted by (absent before it was kept): its take-back names it. */
  rulesVersion?: number;
  /** The later credits a backfill recounted, as they stood before it. */
  restreaked: { occurrence: LocalDate; streak: number }[];
  lastCompletedAt: string | null;
}

/** What of a habit its completions decide on. */
export interface HabitProgress {
  id: string;
  userId: string;
  title: string;
  weight: number;
  schedule: HabitSchedule;
  credits: readonly Credit[];
  claims: readonly Claim[];
  hierarchy: Extract<HabitEvent, { type: 'PointsAwarded' }>['data']['hierarchy'];
}

type HabitEvent = Unversioned<
  EventOf<'HabitCompleted' | 'HabitStreakReset' | 'HabitStreakExtended' | 'HabitCreditsRecounted' | 'HabitCompletionUndone' | 'PointsAwarded' | 'PointsRevoked'>
>;

const KEPT_CLAIMS = 8;

const award = (habit: HabitProgress, earned: Award, reason: string): HabitEvent =>
  awardOf(habit, earned, { reason, source: { type: 'habit', id: habit.id }, hierarchy: habit.hierarchy });

const completion = (habit: HabitProgress, clock: Clock, date: LocalDate, period: LocalDate, freezes: readonly DateRange[]) => ({
  actionableId: habit.id,
  title: habit.title,
  completedAt: clock.at,
  timezone: clock.timezone,
  localDate: clock.localDate,
  occurrence: date,
  ...(habit.schedule.recurrence.frequency === 'timesPerWeek' ? { period } : {}),
  ...(freezes.length > 0 ? { frozen: [...freezes] } : {}),
});

/**
 * The freezes a decision on `credits` can see: its streak arithmetic looks only at periods from the
 * oldest credit's on and none after today (`follows`, `recount`), so a freeze that ended before them
 * or begins later changes nothing. Left out, a completion records (and its stream replays) a few
 * freezes, not every one of the user's past — which only grows, past what an event may hold.
 */
export const freezesInReach = (credits: readonly Credit[], today: LocalDate, freezes: readonly DateRange[]): DateRange[] => {
  const oldest = credits.reduce<LocalDate | null>((min, credit) => (min === null || credit.period < min ? credit.period : min), null);
  return oldest === null ? [] : freezes.filter(({ from, to }) => to >= oldest && from <= today);
};

const notDue = (habit: HabitProgress, today: LocalDate): never => {
  throw new Conflict(actionableMessages.habitNotDue(firstDueOnOrAfter(habit.schedule, today)), 'habit_not_due');
};

/** Completing today: credits the period today counts for, once (a period met, or a later one credited, refuses). */
export const completeToday = (habit: HabitProgress, clock: Clock, covering: readonly DateRange[]): HabitEvent[] => {
  const today = clock.localDate;
  const date = creditDateOf(habit.schedule, today);
  const period = periodOf(habit.schedule, today);
  if (date === null || period === null) return notDue(habit, today);
  const inPeriod = habit.credits.filter((credit) => credit.period === period).length;
  // A credit on or after this day (after travel west, from before the one calendar) counts as this period's.
  if (inPeriod >= quotaOf(habit.schedule) || habit.credits.some((credit) => credit.date >= date))
    throw new Conflict(actionableMessages.habitAlreadyCompleted, 'habit_already_completed');
  const before = standingOf(habit.credits);
  const { credits, at } = withCredit(habit.credits, { date, period, streak: 0, meets: false });
  const freezes = freezesInReach(credits, today, covering);
  const credited = recount(habit.schedule, credits, at, freezes)[at]!;
  const continues = before.lastCredited !== null && follows(habit.schedule, before.lastCredited, period, freezes);
  const { id: actionableId } = habit;
  return [
    { type: 'HabitCompleted', data: completion(habit, clock, date, period, freezes) },
    ...(credited.meets && !continues && before.streak > 0
      ? [{ type: 'HabitStreakReset' as const, data: { actionableId, occurrence: period, lastCredited: before.lastCredited, previousStreak: before.streak } }]
      : []),
    ...(credited.meets ? [{ type: 'HabitStreakExtended' as const, data: { actionableId, occurrence: period, streak: credited.streak } }] : []),
    award(habit, habitAward(habit.weight, credited.streak), `Completed habit "${habit.title}" (streak ${credited.streak})`),
  ];
};

/** Recording a missed day afterwards: a scheduled day from the habit's start, 1 to 7 days back, not yet credited. */
export const backfill = (habit: HabitProgress, clock: Clock, date: LocalDate, covering: readonly DateRange[]): HabitEvent[] => {
  const today = clock.localDate;
  const outside = () => new ValidationFailed(actionableMessages.backfillOutside(HABIT_BACKFILL_MAX_DAYS), 'date');
  if (date >= today || date < addDays(today, -HABIT_BACKFILL_MAX_DAYS)) throw outside();
  const period = periodOf(habit.schedule, date);
  if (period === null || creditDateOf(habit.schedule, date) !== date) throw outside();
  const inPeriod = habit.credits.filter((credit) => credit.period === period).length;
  if (inPeriod >= quotaOf(habit.schedule) || habit.credits.some((credit) => credit.date === date))
    throw new Conflict(actionableMessages.habitAlreadyCompleted, 'habit_already_completed');
  const { credits, at } = withCredit(habit.credits, { date, period, streak: 0, meets: false, backfilled: true });
  const freezes = freezesInReach(credits, today, covering);
  const counted = recount(habit.schedule, credits, at, freezes);
  const credited = counted[at]!;
  const changed = counted.slice(at + 1).filter((credit, index) => credit.streak !== credits[at + 1 + index]!.streak);
  const previous = changed.map((credit) => ({ occurrence: credit.date, streak: habit.credits.find((old) => old.date === credit.date)!.streak }));
  const earned = habitBackfillAward(
    habit.weight,
    credited.streak,
    date,
    changed.map((credit, index) => ({
      date: credit.date,
      streak: credit.streak,
      previousStreak: previous[index]!.streak,
      backfilled: credit.backfilled === true,
    })),
  );
  return [
    { type: 'HabitCompleted', data: { ...completion(habit, clock, date, period, freezes), backfilled: true } },
    {
      type: 'HabitCreditsRecounted',
      data: {
        actionableId: habit.id,
        recounted: [credited, ...changed].map((credit) => ({ occurrence: credit.date, streak: credit.streak })),
        previous,
        current: standingOf(counted),
      },
    },
    award(
      habit,
      earned,
      `Recorded habit "${habit.title}" for ${date} afterwards (streak ${credited.streak}${changed.length > 0 ? `; ${changed.length} later day(s) recounted` : ''})`,
    ),
  ];
};

/** Taking back the last completion: while its period is today's, or on the day it was recorded. */
export const undoLast = (habit: HabitProgress, clock: Clock): HabitEvent[] => {
  const claim = habit.claims.at(-1);
  if (!claim || !habit.credits.some((credit) => credit.date === claim.date)) throw new Conflict(actionableMessages.nothingToUndo, 'nothing_to_undo');
  if (claim.claimedOn !== clock.localDate && periodOf(habit.schedule, clock.localDate) !== claim.period)
    throw new Conflict(actionableMessages.undoTooLate, 'undo_too_late');
  const after = creditsWithout(habit.credits, claim, quotaOf(habit.schedule));
  return [
    {
      type: 'HabitCompletionUndone',
      data: {
        actionableId: habit.id,
        title: habit.title,
        occurrence: claim.date,
        restored: claim.restreaked,
        current: standingOf(after),
        lastCompletedAt: claim.lastCompletedAt,
      },
    },
    ...(claim.points > 0
      ? [
          {
            type: 'PointsRevoked' as const,
            data: {
              userId: habit.userId,
              points: claim.points,
              reason: `Took back habit "${habit.title}" for ${claim.date}`,
              source: { type: 'habit' as const, id: habit.id },
              hierarchy: habit.hierarchy,
              title: habit.title,
              revokes: claim.rulesVersion === undefined ? null : { rulesVersion: claim.rulesVersion },
            },
          },
        ]
      : []),
  ];
};

/**
 * The credits as they were before `claim`: its day gone, the later ones its backfill recounted back
 * at their streaks, and the day that meets each period again the quota-th of it.
 */
export const creditsWithout = (credits: readonly Credit[], claim: Pick<Claim, 'date' | 'restreaked'>, quota: number): Credit[] => {
  const left = credits.filter((credit) => credit.date !== claim.date);
  return left.map((credit) => {
    const restored = claim.restreaked.find((before) => before.occurrence === credit.date);
    const meets = left.filter((other) => other.period === credit.period && other.date <= credit.date).length === quota;
    return { ...credit, meets, ...(restored ? { streak: restored.streak } : {}) };
  });
};

// ——— evolve: what each event does to the credits and claims ———

export interface HabitMemory {
  credits: Credit[];
  claims: Claim[];
  standing: Standing;
}

/** A completion recorded: its credit (the streak recounted; the streak events that follow confirm it) and its claim. */
export const rememberCompletion = (
  memory: HabitMemory,
  schedule: HabitSchedule,
  data: EventOf<'HabitCompleted'>['data'],
  lastCompletedAt: string | null,
): HabitMemory => {
  const period = data.period ?? data.occurrence;
  const { credits, at } = withCredit(memory.credits, {
    date: data.occurrence,
    period,
    streak: 0,
    meets: false,
    ...(data.backfilled ? { backfilled: true as const } : {}),
  });
  const counted = keepRecent(recount(schedule, credits, at, data.frozen ?? []));
  const claim: Claim = { date: data.occurrence, period, claimedOn: data.localDate, points: 0, restreaked: [], lastCompletedAt };
  return { credits: counted, claims: [...memory.claims, claim].slice(-KEPT_CLAIMS), standing: standingOf(counted) };
};

/** The streak an event records is the one that stands (the history's word over a recount). */
export const rememberStreak = (memory: HabitMemory, occurrence: LocalDate, streak: number): HabitMemory => {
  const credits = memory.credits.map((credit) => (credit.meets && credit.period === occurrence ? { ...credit, streak } : credit));
  return { ...memory, credits, standing: { lastCredited: occurrence, streak } };
};

export const rememberRecount = (memory: HabitMemory, data: EventOf<'HabitCreditsRecounted'>['data']): HabitMemory => {
  const credits = memory.credits.map((credit) => {
    const recounted = data.recounted.find((entry) => entry.occurrence === credit.date);
    return recounted ? { ...credit, streak: recounted.streak } : credit;
  });
  const claims = memory.claims.map((claim, index) => (index === memory.claims.length - 1 ? { ...claim, restreaked: data.previous } : claim));
  return { credits, claims, standing: data.current };
};

export const rememberAward = (memory: HabitMemory, amount: number, rulesVersion: number): HabitMemory => {
  const last = memory.claims.at(-1);
  return last ? { ...memory, claims: [...memory.claims.slice(0, -1), { ...last, points: last.points + amount, rulesVersion }] } : memory;
};

export const rememberUndo = (memory: HabitMemory, schedule: HabitSchedule, data: EventOf<'HabitCompletionUndone'>['data']): HabitMemory => ({
  credits: creditsWithout(memory.credits, { date: data.occurrence, restreaked: data.restored }, quotaOf(schedule)),
  claims: memory.claims.filter((claim) => claim.date !== data.occurrence),
  standing: data.current,
});

/**
 * What a recorded completion earned by the rules given (the audit recomputes each award with the
 * rules of its version): the credit's streak from the credits before it, and for a backfill the
 * later credits it lengthened.
 */
export const completionPoints = (
  memory: HabitMemory,
  schedule: HabitSchedule,
  weight: number,
  data: EventOf<'HabitCompleted'>['data'],
  rules: HabitRules,
): number | null => {
  const after = rememberCompletion(memory, schedule, data, null).credits;
  const credited = after.find((credit) => credit.date === data.occurrence);
  if (!credited) return null;
  if (!data.backfilled) return rules.habitPoints(weight, Math.max(1, credited.streak));
  const lengthened = after
    .filter((credit) => credit.date > data.occurrence)
    .map((credit) => ({
      date: credit.date,
      streak: credit.streak,
      previousStreak: memory.credits.find((old) => old.date === credit.date)?.streak ?? credit.streak,
      backfilled: credit.backfilled === true,
    }));
  return backfillPoints(rules, weight, credited.streak, lengthened);
};
