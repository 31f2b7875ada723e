import { decodeEvent } from '@tracker/contracts/event-codec';
import { eventMetadata } from '@tracker/contracts/common/events';
import type { StoredEvent } from '@tracker/eventstore/port';
import type { ProjectedEvent } from './projector.ts';

/** Upcast and parse a stored event against the contracts; a projector never sees what it cannot trust. */
export const toProjectedEvent = (stored: StoredEvent): ProjectedEvent => {
  const event = decodeEvent({ type: stored.type, version: stored.version, data: stored.data });
  return {
    ...event,
    id: stored.id,
    stream: stored.stream,
    revision: stored.revision,
    position: stored.position,
    metadata: eventMetadata.parse(stored.metadata),
  };
};
