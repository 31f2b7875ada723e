import type { z } from 'zod';
import type { Reading } from '../../../lib/api/checked-query.ts';
import type { WorkItemKind } from '../types/work-item-kind.ts';
import { goalCallMessages } from './goal-call-errors.ts';

const fieldOf = (answer: unknown, key: string): unknown =>
  typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? (answer as Record<string, unknown>)[key] : undefined;

const noData = (answer: unknown) => answer === null || answer === undefined || answer === '';

/**
 * An answer that should hold one item of `kind` under `key` (`{goal}`), checked against the
 * contract's schema: 'Server returned no data' for an empty one, 'Invalid response format from
 * server - no valid goal data' (task, subtask) when no such item is in it.
 */
export const readItem =
  <T>(kind: WorkItemKind, key: string, schema: z.ZodType<T>) =>
  (answer: unknown): Reading<T> => {
    if (noData(answer)) return { error: goalCallMessages.noData };
    const parsed = schema.safeParse(fieldOf(answer, key));
    return parsed.success ? { data: parsed.data } : { error: goalCallMessages.invalidFormat(kind) };
  };

/**
 * An update's answer (spec.md §8's update flows): an empty one is 'No response received from
 * server', one without the item 'Failed to update task - no task returned' (subtask).
 */
export const readUpdated =
  <T>(kind: 'task' | 'subtask', schema: z.ZodType<T>) =>
  (answer: unknown): Reading<T> => {
    if (noData(answer)) return { error: goalCallMessages.noResponse };
    const parsed = schema.safeParse(fieldOf(answer, kind));
    return parsed.success ? { data: parsed.data } : { error: goalCallMessages.noneReturned(kind) };
  };

/** A list answer: a bare array or the list under `key` (`{goals}`, spec.md §7), every item as the contract says. */
export const readList =
  <T>(kind: WorkItemKind, key: string, schema: z.ZodType<T[]>) =>
  (answer: unknown): Reading<T[]> => {
    if (noData(answer)) return { error: goalCallMessages.noData };
    const parsed = schema.safeParse(Array.isArray(answer) ? answer : fieldOf(answer, key));
    return parsed.success ? { data: parsed.data } : { error: goalCallMessages.invalidFormat(kind) };
  };

/** An answer that is itself the object (`{subtask, pointsAwarded}`), checked as `readItem` checks its item. */
export const readWhole =
  <T>(kind: WorkItemKind, schema: z.ZodType<T>) =>
  (answer: unknown): Reading<T> => {
    if (noData(answer)) return { error: goalCallMessages.noData };
    const parsed = schema.safeParse(answer);
    return parsed.success ? { data: parsed.data } : { error: goalCallMessages.invalidFormat(kind) };
  };

/** An answer of a call that needs none (a DELETE's 204), whatever it holds. */
export const readNothing = (): Reading<void> => ({ data: undefined });
