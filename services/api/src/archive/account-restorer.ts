import { archiveMessages, type AccountArchive, type ArchiveCounts } from '@tracker/contracts/archive/http';
import type { EventOf } from '@tracker/contracts/events';
import { streamName } from '@tracker/contracts/streams';
import { Conflict } from '@tracker/domain/common/errors';
import { userDecider } from '@tracker/domain/users/user.decider';
import { WrongExpectedVersion, type EventStore, type Position } from '@tracker/eventstore/port';
import type { ReadModelDb } from '@tracker/projections/db';
import { userItemStreams } from '@tracker/projections/points/audit.queries';
import { userStream } from '../auth/account-streams.ts';
import { derivedUuid, type CommandContext, type CommandHandler } from '../commands/command-handler.ts';
import { freezeStreamOf } from './account-archive.ts';
import { planRestore } from './account-restore.ts';

export type StoredRestore = EventOf<'AccountRestored'>['data'];

export interface RestoreOutcome {
  counts: ArchiveCounts;
  checksum: string;
  restoredAt: string;
  /** Where the restore's last write landed (read-your-writes). */
  position?: Position | undefined;
}

export const restoreStreamOf = (userId: string): string => streamName('restore', userId);

const firstEventOf = async (store: EventStore, stream: string) => {
  for await (const event of store.readStream(stream)) return event;
  return undefined;
};

/**
 * Writes a stored restore's streams, each in one append, in the order they began in the archive's
 * log (a goal before its tasks, as the reactors first saw them). Every id was fixed in the restore
 * event, so a second run — the request's retry, or the reactor after a crash — finds each stream
 * already written and writes nothing twice. Then the archive's settings, under a key derived from
 * the restore.
 */
export const materialiseRestore = async (
  deps: { store: EventStore; commands: CommandHandler },
  restore: StoredRestore,
  context: Pick<CommandContext, 'requestId' | 'now'> & { causationId: string },
): Promise<Position | undefined> => {
  const { store, commands } = deps;
  const streams = new Map<string, StoredRestore['events']>();
  for (const event of restore.events) streams.set(event.stream, [...(streams.get(event.stream) ?? []), event]);
  let position: Position | undefined;
  for (const [stream, events] of streams) {
    const batch = events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata }));
    try {
      position = (await store.append(stream, batch, 'no_stream')).position;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      // Written by an earlier run (a store that did not recognise the retry), or the user's own freeze stream begun since: append after it.
      const held = new Set<string>();
      let revision = -1n;
      for await (const stored of store.readStream(stream)) {
        held.add(stored.id);
        revision = stored.revision;
      }
      if (held.has(batch[0]!.id)) continue;
      position = (await store.append(stream, batch, revision)).position;
    }
  }
  const settings = await commands.execute(userDecider, userStream(restore.userId), { type: 'ReplaceSettings', settings: restore.settings }, {
    userId: restore.userId,
    requestId: context.requestId,
    causationId: context.causationId,
    now: context.now,
    idempotencyKey: `restore:${restore.checksum}`,
  });
  return settings.position ?? position;
};

/**
 * Restores an archive into the signed-in account when it has no data yet (409 otherwise): checks
 * and rewrites it (account-restore.ts), stores it whole as one AccountRestored in the account's
 * restore stream (no_stream: one restore per account, and the same archive sent again is the same
 * event, answered with the original), then writes its streams. Should the request die after the
 * restore is stored, the restore reactor writes them.
 */
export const restoreArchive = async (
  deps: { store: EventStore; db: ReadModelDb; commands: CommandHandler },
  archive: AccountArchive,
  context: CommandContext,
): Promise<RestoreOutcome> => {
  const { store, db } = deps;
  const userId = context.userId;
  const plan = planRestore(archive, userId);
  const restoreId = derivedUuid(userId, 'account-restore', plan.checksum);
  const stream = restoreStreamOf(userId);
  const already = await firstEventOf(store, stream);
  if (already && already.id !== restoreId) throw new Conflict(archiveMessages.notEmpty, 'account_not_empty');
  if (!already && ((await userItemStreams(db, userId)).length > 0 || (await firstEventOf(store, freezeStreamOf(userId))))) {
    throw new Conflict(archiveMessages.notEmpty, 'account_not_empty');
  }
  const restore: StoredRestore = { userId, checksum: plan.checksum, settings: plan.settings, events: plan.events };
  let restoredAt = context.now.toISOString();
  if (already) {
    restoredAt = typeof already.metadata.occurredAt === 'string' ? already.metadata.occurredAt : restoredAt;
  } else {
    try {
      await store.append(
        stream,
        [{ id: restoreId, type: 'AccountRestored', data: restore, metadata: { userId, correlationId: context.requestId, occurredAt: restoredAt } }],
        'no_stream',
      );
    } catch (error) {
      if (error instanceof WrongExpectedVersion) throw new Conflict(archiveMessages.notEmpty, 'account_not_empty');
      throw error;
    }
  }
  const position = await materialiseRestore(deps, restore, { requestId: context.requestId, now: context.now, causationId: stream });
  return { counts: plan.counts, checksum: plan.checksum, restoredAt, position };
};
