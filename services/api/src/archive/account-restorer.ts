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
import { planRestore, type RestorePlan } from './account-restore.ts';

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

/** The restore's events in runs: consecutive events of one stream, as the original appends wrote them (a completion with its points). */
const runsOf = (events: StoredRestore['events']): Array<{ stream: string; revision: number; events: StoredRestore['events'] }> => {
  const runs: Array<{ stream: string; revision: number; events: StoredRestore['events'] }> = [];
  const next = new Map<string, number>();
  for (const event of events) {
    const revision = next.get(event.stream) ?? 0;
    next.set(event.stream, revision + 1);
    const last = runs.at(-1);
    if (last?.stream === event.stream) last.events.push(event);
    else runs.push({ stream: event.stream, revision, events: [event] });
  }
  return runs;
};

/**
 * Writes a stored restore's events in the archive's log order — so everything told in log order
 * (the audit's entries, the activity) reads as it did — each run of one stream's events in one
 * append at its exact revision. Every id and revision was fixed in the restore event, so a second
 * run (the request's retry, or the reactor after a crash) is recognised by the store as the same
 * appends and writes nothing twice. Then the archive's settings, under a key derived from the restore.
 */
export const materialiseRestore = async (
  deps: { store: EventStore; commands: CommandHandler },
  restore: StoredRestore,
  context: Pick<CommandContext, 'requestId' | 'now'> & { causationId: string },
): Promise<Position | undefined> => {
  const { store, commands } = deps;
  /** Events the user added to a stream before the restore reached it (their freeze stream): the restore's go after them. */
  const shifted = new Map<string, bigint>();
  let position: Position | undefined;
  for (const run of runsOf(restore.events)) {
    const batch = run.events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata }));
    const after = BigInt(run.revision - 1) + (shifted.get(run.stream) ?? 0n);
    try {
      position = (await store.append(run.stream, batch, after < 0n ? 'no_stream' : after)).position;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      let head = -1n;
      let written = false;
      for await (const stored of store.readStream(run.stream)) {
        head = stored.revision;
        written ||= stored.id === batch[0]!.id;
      }
      if (written) continue;
      shifted.set(run.stream, head - after + (shifted.get(run.stream) ?? 0n));
      position = (await store.append(run.stream, batch, head)).position;
    }
  }
  const settings = await commands.execute(
    userDecider,
    userStream(restore.userId),
    { type: 'ReplaceSettings', settings: restore.settings },
    {
      userId: restore.userId,
      requestId: context.requestId,
      causationId: context.causationId,
      now: context.now,
      idempotencyKey: `restore:${restore.checksum}`,
    },
  );
  return settings.position ?? position;
};

/** The restore's event id: the same archive restored into the same account is the same event. */
const restoreIdOf = (userId: string, checksum: string): string => derivedUuid(userId, 'account-restore', checksum);

/** The one event that stores a planned restore whole (in the account's restore stream, with no_stream). */
export const restoreEventOf = (plan: RestorePlan, context: Pick<CommandContext, 'userId' | 'requestId' | 'now'>) => ({
  id: restoreIdOf(context.userId, plan.checksum),
  type: 'AccountRestored' as const,
  data: { userId: context.userId, checksum: plan.checksum, settings: plan.settings, events: plan.events } satisfies StoredRestore,
  metadata: { userId: context.userId, correlationId: context.requestId, occurredAt: context.now.toISOString() },
});

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
  const stream = restoreStreamOf(userId);
  const already = await firstEventOf(store, stream);
  if (already && already.id !== restoreIdOf(userId, plan.checksum)) throw new Conflict(archiveMessages.notEmpty, 'account_not_empty');
  if (!already && ((await userItemStreams(db, userId)).length > 0 || (await firstEventOf(store, freezeStreamOf(userId))))) {
    throw new Conflict(archiveMessages.notEmpty, 'account_not_empty');
  }
  const stored = restoreEventOf(plan, context);
  const restore = stored.data;
  let restoredAt = context.now.toISOString();
  if (already) {
    restoredAt = typeof already.metadata.occurredAt === 'string' ? already.metadata.occurredAt : restoredAt;
  } else {
    try {
      await store.append(stream, [stored], 'no_stream');
    } catch (error) {
      if (error instanceof WrongExpectedVersion) throw new Conflict(archiveMessages.notEmpty, 'account_not_empty');
      throw error;
    }
  }
  const position = await materialiseRestore(deps, restore, { requestId: context.requestId, now: context.now, causationId: stream });
  return { counts: plan.counts, checksum: plan.checksum, restoredAt, position };
};
