import type { Actionable } from '@tracker/contracts/actionables/http';
import type { ActionableItem } from '@tracker/domain/actionables/actionable.decider';
import type { DateRange } from '@tracker/domain/actionables/habit-schedule';
import { NotFound } from '@tracker/domain/common/errors';
import type { LocalDate } from '@tracker/domain/time/local-date';
import { actionableAnswer } from '@tracker/projections/actionables/actionable-answer';
import { findActionable } from '@tracker/projections/actionables/actionables.queries';
import { habitFactsOfState } from '@tracker/projections/actionables/habit-today';
import type { ReadModelDb } from '@tracker/projections/db';
import { commandAnswer } from '../commands/command-answer.ts';

/**
 * The answer to an actionable command (read-your-writes): the read model's once settled, else the
 * item as the command left it — a habit with its credits and claims from the command's state and the
 * freezes that cover it (`freezes`: asked only then; a completion has them already, an undo reads them).
 */
export const itemAnswer = async (
  db: ReadModelDb,
  item: ActionableItem | undefined,
  settled: boolean,
  today: LocalDate,
  missing: string,
  freezes: () => Promise<readonly DateRange[]> = () => Promise.resolve([]),
): Promise<Actionable> => {
  if (!item) throw new NotFound(missing);
  const covering = settled || !item.isHabit ? [] : await freezes();
  return commandAnswer(
    settled,
    () => findActionable(db, item.userId, item.id, today),
    () => actionableAnswer(item, today, habitFactsOfState(item, covering)),
  );
};
