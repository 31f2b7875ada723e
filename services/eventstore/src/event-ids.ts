import type { NewEvent } from './port.ts';

const UUID = /^([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})$/i;

/**
 * The canonical form of an event id: lower-case, hyphenated. Both stores answer in this form
 * (PostgreSQL's uuid type, EventStoreDB's Guid), and ids are compared as strings afterwards, so an
 * id is put in this form before it is written or looked for. Accepts what PostgreSQL's uuid input
 * accepts in practice: either case, with or without hyphens, optionally in braces.
 */
export const canonicalEventId = (id: string): string => {
  const bare = id.startsWith('{') && id.endsWith('}') ? id.slice(1, -1) : id;
  const match = UUID.exec(bare);
  if (!match) throw new TypeError(`Event id is not a UUID: ${id}`);
  return match.slice(1).join('-').toLowerCase();
};

export const withCanonicalIds = (events: readonly NewEvent[]): NewEvent[] => events.map((event) => ({ ...event, id: canonicalEventId(event.id) }));
