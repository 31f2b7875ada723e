import { FREEZE_MAX_DAYS, FREEZES_PER_MONTH, freezeMessages } from '@tracker/contracts/actionables/http';
import type { FreezeEvent } from '@tracker/contracts/actionables/events';
import type { Unversioned } from '@tracker/contracts/common/events';
import type { Decider, Recorded } from '../common/decider.ts';
import { BusinessRuleViolated, Conflict, NotFound, ValidationFailed } from '../common/errors.ts';
import { addDays, daysBetween, type Clock, type LocalDate } from '../time/local-date.ts';
import type { DateRange } from './habit-schedule.ts';

// A user's freezes, in one stream (`freeze-<userId>`) so that the monthly limit is decided against
// all of them. A freeze covers 1 to FREEZE_MAX_DAYS days from today on (up to a year ahead), for one
// habit or all (habitId null); at most FREEZES_PER_MONTH begin in a calendar month; two freezes of
// the same habits never overlap; one not yet begun can be cancelled. Frozen periods neither break
// nor extend a streak and earn nothing (habit-schedule.ts).

export interface Freeze extends DateRange {
  id: string;
  habitId: string | null;
  createdAt: string;
}

export type FreezeState = { freezes: Freeze[] };

export type FreezeCommand =
  | { type: 'FreezeHabits'; freezeId: string; userId: string; habitId: string | null; from: LocalDate; to: LocalDate; clock: Clock }
  | { type: 'CancelFreeze'; freezeId: string; userId: string; clock: Clock };

type FreezeStreamEvent = Unversioned<FreezeEvent>;

const overlaps = (a: DateRange, b: DateRange): boolean => a.from <= b.to && b.from <= a.to;

export const decide = (command: FreezeCommand, state: FreezeState): FreezeStreamEvent[] => {
  const today = command.clock.localDate;
  switch (command.type) {
    case 'FreezeHabits': {
      const { from, to, habitId, freezeId, userId } = command;
      // A repeat of the same freeze (a retry with another key) decides nothing.
      if (state.freezes.some((freeze) => freeze.id === freezeId)) return [];
      if (from < today || from > addDays(today, 365)) throw new ValidationFailed(freezeMessages.range, 'from');
      if (to < from || daysBetween(from, to) + 1 > FREEZE_MAX_DAYS) throw new ValidationFailed(freezeMessages.range, 'to');
      const sameHabits = state.freezes.filter((freeze) => freeze.habitId === habitId);
      if (sameHabits.some((freeze) => overlaps(freeze, { from, to }))) throw new Conflict(freezeMessages.overlaps, 'freeze_overlaps');
      const month = from.slice(0, 7);
      if (state.freezes.filter((freeze) => freeze.from.slice(0, 7) === month).length >= FREEZES_PER_MONTH)
        throw new BusinessRuleViolated(freezeMessages.tooMany, 'from');
      return [{ type: 'HabitsFrozen', data: { freezeId, userId, habitId, from, to } }];
    }
    case 'CancelFreeze': {
      const freeze = state.freezes.find((candidate) => candidate.id === command.freezeId);
      if (!freeze) throw new NotFound(freezeMessages.notFound);
      if (freeze.from <= today) throw new Conflict(freezeMessages.begun, 'freeze_begun');
      return [{ type: 'HabitFreezeCancelled', data: { freezeId: freeze.id, userId: command.userId } }];
    }
    default: {
      const _exhaustive: never = command;
      throw new Error('Unknown freeze command');
    }
  }
};

export const evolve = (state: FreezeState, event: Recorded<FreezeStreamEvent>): FreezeState => {
  switch (event.type) {
    case 'HabitsFrozen': {
      const { freezeId: id, habitId, from, to } = event.data;
      return { freezes: [...state.freezes, { id, habitId, from, to, createdAt: event.occurredAt }] };
    }
    case 'HabitFreezeCancelled':
      return { freezes: state.freezes.filter((freeze) => freeze.id !== event.data.freezeId) };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
};

/** The freezes that cover one habit: its own and those of all habits. */
export const freezesOf = (state: FreezeState, habitId: string): DateRange[] =>
  state.freezes.filter((freeze) => freeze.habitId === null || freeze.habitId === habitId).map(({ from, to }) => ({ from, to }));

export const freezeDecider: Decider<FreezeCommand, FreezeStreamEvent, FreezeState> = {
  initialState: () => ({ freezes: [] }),
  evolve,
  decide,
  snapshotSchema: 'freeze/1',
};
