import { z } from 'zod';

/** An event's schema: its type name, payload schema and schema version. */
export const defineEvent = <T extends string, D extends z.ZodType>(type: T, data: D, version = 1) =>
  z.object({ type: z.literal(type), version: z.literal(version).default(version), data });

/** Metadata every event carries; the day-sensitive ones add timezone and localDate. */
export const eventMetadata = z.object({
  userId: z.string(),
  correlationId: z.string(),
  causationId: z.string().optional(),
  occurredAt: z.iso.datetime({ offset: true }),
  timezone: z.string().optional(),
  localDate: z.iso.date().optional(),
  idempotencyKey: z.string().optional(),
});
export type EventMetadata = z.infer<typeof eventMetadata>;

/** An event as a decider produces it: the schema version is stamped when it is stored. */
export type Unversioned<E> = E extends unknown ? Omit<E, 'version'> : never;
