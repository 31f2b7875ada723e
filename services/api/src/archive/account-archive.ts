import { ARCHIVE_FORMAT, ARCHIVE_VERSION, type AccountArchive, type ArchivedEvent } from '@tracker/contracts/archive/http';
import { domainEvent } from '@tracker/contracts/events';
import { streamName } from '@tracker/contracts/streams';
import { NotFound } from '@tracker/domain/common/errors';
import { settingsOfUser, userDecider } from '@tracker/domain/users/user.decider';
import type { EventStore, StoredEvent } from '@tracker/eventstore/port';
import type { ReadModelDb } from '@tracker/projections/db';
import { userItemStreams } from '@tracker/projections/points/audit.queries';
import { userStream } from '../auth/account-streams.ts';
import type { CommandHandler } from '../commands/command-handler.ts';
import { archiveChecksum } from './archive-checksum.ts';
import { countsOf } from './archive-counts.ts';

/** Streams read at once where the store cannot read many in one go (EventStoreDB). */
const STREAM_READS_IN_FLIGHT = 16;

/** Each event type's current schema version: what this server writes, and the newest it reads. */
export const eventSchemaVersions: Readonly<Record<string, number>> = Object.fromEntries(
  domainEvent.options.map((option) => [option.shape.type.value, option.shape.version.parse(undefined)]),
);

/** The user's own freeze stream (freeze.decider.ts). */
export const freezeStreamOf = (userId: string): string => streamName('freeze', userId);

/** Every event of `streams`, each stream's in revision order. */
const readEvery = async (store: EventStore, streams: readonly string[]): Promise<StoredEvent[]> => {
  const events: StoredEvent[] = [];
  if (store.readStreams) {
    for await (const event of store.readStreams(streams)) events.push(event);
    return events;
  }
  for (let from = 0; from < streams.length; from += STREAM_READS_IN_FLIGHT) {
    const batch = await Promise.all(
      streams.slice(from, from + STREAM_READS_IN_FLIGHT).map(async (stream) => {
        const read: StoredEvent[] = [];
        for await (const event of store.readStream(stream)) read.push(event);
        return read;
      }),
    );
    events.push(...batch.flat());
  }
  return events;
};

const archived = (event: StoredEvent): ArchivedEvent => ({
  id: event.id,
  stream: event.stream,
  revision: Number(event.revision),
  type: event.type,
  version: event.version,
  data: event.data,
  metadata: event.metadata,
  recordedAt: event.createdAt.toISOString(),
});

/**
 * The user's archive: the events of their items' streams (goals, tasks, subtasks, actionables and
 * habits, found as the audit finds them) and of their freeze stream, in log order, read through the
 * event store port; their settings as their stream folds them. Not their user stream's other events:
 * those hold the e-mail address, the password hash and one-time token hashes, which stay here.
 */
export const exportArchive = async (
  deps: { store: EventStore; db: ReadModelDb; commands: CommandHandler },
  userId: string,
  now: Date,
): Promise<AccountArchive> => {
  const { store, db, commands } = deps;
  const { state } = await commands.load(userDecider, userStream(userId));
  if (state.status !== 'registered') throw new NotFound('User not found');
  const streams = [...(await userItemStreams(db, userId)), freezeStreamOf(userId)];
  const stored = (await readEvery(store, streams)).filter((event) => event.metadata.userId === userId);
  stored.sort((a, b) => store.comparePositions(a.position, b.position));
  const events = stored.map(archived);
  const body = {
    manifest: {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      exportedAt: now.toISOString(),
      userId,
      counts: countsOf(events),
      eventSchemaVersion: { ...eventSchemaVersions },
    },
    settings: settingsOfUser(state),
    events,
  } satisfies Omit<AccountArchive, 'checksum'>;
  return { ...body, checksum: archiveChecksum(body) };
};
