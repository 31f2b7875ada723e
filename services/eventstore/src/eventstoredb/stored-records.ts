import { jsonEvent, type AllStreamRecordedEvent, type JSONType, type RecordedEvent } from '@eventstore/db-client';
import type { NewEvent, StoredEvent } from '../port.ts';
import { encodePosition, type EsdbPosition } from './positions.ts';

/**
 * Stream reads report the log position only from server 22.6 on; older servers leave the protobuf
 * defaults (0/0), which no user event can have (the log starts with system records).
 */
const positionOf = (record: RecordedEvent | AllStreamRecordedEvent): EsdbPosition => {
  const position = record.position;
  if (!position || (position.commit === 0n && position.prepare === 0n)) {
    throw new Error(`EventStoreDB did not report the log position of ${record.streamId}@${record.revision}: server 22.6 or later is required`);
  }
  return position;
};

/** Metadata key under which the schema version travels: EventStoreDB has no column for it. */
const SCHEMA_VERSION_KEY = '$schemaVersion';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !(value instanceof Uint8Array) && !Array.isArray(value);

export const toStored = (record: RecordedEvent | AllStreamRecordedEvent): StoredEvent => {
  const { [SCHEMA_VERSION_KEY]: version, ...metadata } = isObject(record.metadata) ? record.metadata : {};
  return {
    id: record.id,
    type: record.type,
    version: typeof version === 'number' ? version : 1,
    data: record.data,
    metadata,
    stream: record.streamId,
    revision: record.revision,
    position: encodePosition(positionOf(record)),
    createdAt: record.created,
  };
};

export const toEventData = (event: NewEvent) =>
  jsonEvent({
    id: event.id,
    type: event.type,
    // The client serialises with JSON.stringify; null stands in for undefined, which has no JSON form.
    data: (event.data ?? null) as JSONType,
    metadata: { ...event.metadata, [SCHEMA_VERSION_KEY]: event.version ?? 1 },
  });
