import { z } from 'zod';
import { eventMetadata, type EventMetadata } from './common/events.ts';
import { domainEvent, type DomainEvent } from './events.ts';
import { upcasters } from './upcasters.ts';

/** An event as the log keeps it: the payload beside the schema version it was written in. */
export interface EncodedEvent {
  type: string;
  version: number;
  data: unknown;
}

/** A payload that does not match its contract: refused on write, reported (never skipped) on read. */
export class InvalidEvent extends Error {
  constructor(
    readonly eventType: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`Invalid ${eventType} event: ${z.prettifyError(new z.ZodError(issues))}`);
    this.name = 'InvalidEvent';
  }
}

const parse = (event: { type: string; version?: number; data: unknown }): DomainEvent => {
  const result = domainEvent.safeParse(event);
  if (!result.success) throw new InvalidEvent(event.type, result.error.issues);
  return result.data;
};

/**
 * Every writer's gate: the event checked against its current contract and stamped with that
 * contract's version. What cannot be read back later is never written.
 */
export const encodeEvent = (event: { type: string; data: unknown }): EncodedEvent => {
  const parsed = parse({ type: event.type, data: event.data });
  return { type: parsed.type, version: parsed.version, data: parsed.data };
};

/** Metadata is checked on write as strictly as the payload. */
export const encodeMetadata = (metadata: unknown): EventMetadata => {
  const result = eventMetadata.safeParse(metadata);
  if (!result.success) throw new InvalidEvent('metadata', result.error.issues);
  return result.data;
};

/** Brings an event written in an older schema version up to the current one, one step at a time. */
export const upcast = (event: EncodedEvent): EncodedEvent => {
  let current = event;
  for (;;) {
    const step = upcasters.find((u) => u.type === current.type && u.from === current.version);
    if (!step) return current;
    current = { type: current.type, version: current.version + 1, data: step.upcast(current.data) };
  }
};

/** Every reader's way in: upcast, then parse against the current contract. */
export const decodeEvent = (event: EncodedEvent): DomainEvent => parse(upcast(event));
