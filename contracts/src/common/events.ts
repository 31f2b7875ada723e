import { z } from 'zod';
import { calendarDate, id, storedInstant, storedText } from './fields.ts';

/** An event's schema: its type name, payload schema and schema version. */
export const defineEvent = <T extends string, D extends z.ZodType>(type: T, data: D, version = 1) =>
  z.object({ type: z.literal(type), version: z.literal(version).default(version), data });

/** Metadata every event carries; the day-sensitive ones add timezone and localDate. */
export const eventMetadata = z.object({
  userId: id,
  correlationId: storedText,
  causationId: storedText.optional(),
  occurredAt: storedInstant,
  timezone: storedText.optional(),
  localDate: calendarDate.optional(),
  idempotencyKey: storedText.optional(),
});
export type EventMetadata = z.infer<typeof eventMetadata>;

/** An event as a decider produces it: the schema version is stamped when it is stored. */
export type Unversioned<E> = E extends unknown ? Omit<E, 'version'> : never;
