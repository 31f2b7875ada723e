import { EventIdConflict, type NewEvent } from './port.ts';

/** What the retry rule needs of an event as stored, whichever adapter stored it. */
export interface StoredCopy {
  id: string;
  stream: string;
  revision: bigint;
  type: string;
}

/**
 * The one rule both adapters apply when an append carries event ids that are already stored (see
 * `append` in port.ts). `found` holds the stored events with any of those ids wherever the adapter looked.
 * Returns undefined when none is stored, the stored copy of the last event when the stream holds
 * this append (every id, in order, at consecutive revisions, with the same types), and throws
 * EventIdConflict otherwise: part of the append, ids in another stream, or another type.
 *
 * Data, schema version and metadata are not compared: a retry decides again and may legitimately
 * carry other bytes (a fresh password salt, a later clock), and the first write wins. Comparing them
 * would turn such a retry into an error, and the two stores do not even keep data byte for byte
 * (jsonb reorders keys).
 */
export const recogniseRetry = <T extends StoredCopy>(stream: string, events: readonly NewEvent[], found: readonly T[]): T | undefined => {
  if (found.length === 0) return undefined;
  const byId = new Map(found.map((stored) => [stored.id, stored]));
  const first = byId.get(events[0]!.id);
  const same =
    first !== undefined &&
    byId.size === events.length &&
    events.every((event, i) => {
      const stored = byId.get(event.id);
      return stored !== undefined && stored.stream === stream && stored.revision === first.revision + BigInt(i) && stored.type === event.type;
    });
  if (!same)
    throw new EventIdConflict(
      stream,
      found.map((stored) => stored.id),
    );
  return byId.get(events[events.length - 1]!.id)!;
};
