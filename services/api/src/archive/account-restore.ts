import { archiveMessages, type AccountArchive, type ArchiveCounts } from '@tracker/contracts/archive/http';
import type { EventOf } from '@tracker/contracts/events';
import { decodeEvent, encodeMetadata, InvalidEvent } from '@tracker/contracts/event-codec';
import { categoryOf, streamName } from '@tracker/contracts/streams';
import { ValidationFailed } from '@tracker/domain/common/errors';
import { createAuditReplay, settleAudit, type AuditedEvent } from '@tracker/domain/points/audit';
import { createHash } from 'node:crypto';
import { archiveChecksum } from './archive-checksum.ts';
import { countsOf } from './archive-counts.ts';
import { eventSchemaVersions } from './account-archive.ts';

type RestoredEvent = EventOf<'AccountRestored'>['data']['events'][number];

/** What a restore will write: every stream's events for the restoring account, and what they add up to. */
export interface RestorePlan {
  checksum: string;
  settings: AccountArchive['settings'];
  events: RestoredEvent[];
  counts: ArchiveCounts;
}

/** The creation that opens each item stream, and the field naming the item (which must be the stream's id). */
const creations: Readonly<Record<string, { type: string; idField: string }>> = {
  goal: { type: 'GoalCreated', idField: 'goalId' },
  task: { type: 'TaskCreated', idField: 'taskId' },
  subtask: { type: 'SubtaskCreated', idField: 'subtaskId' },
  actionable: { type: 'ActionableCreated', idField: 'actionableId' },
};
/** The streams an archive may hold: the item streams and the user's freeze stream. */
const restorable = new Set([...Object.keys(creations), 'freeze']);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const WHOLE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isIdKey = (key: string): boolean => key === 'id' || key.endsWith('Id');

const refuse = (field: string, message: string): never => {
  throw new ValidationFailed(message, field);
};

/**
 * An id of the archive as the restoring account has it: the old id's first 80 bits (version and
 * variant included) and 48 bits from the account and the old id. So the new ids sort among
 * themselves as the old ones did — every list that breaks a tie by id (two activities of one
 * instant, a cascade's deletions) reads in the same order — while differing from the old ids and
 * from another account's restore of the same archive; and a retry names them the same.
 */
export const restoredId = (account: string, old: string): string =>
  `${old.slice(0, 24)}${createHash('sha256').update(`${account}\u0000${old}`).digest('hex').slice(0, 12)}`;

/**
 * Ids in the restoring account: the old user's id becomes the new one; every other id of the
 * archive (items, freezes) gets a new one (`restoredId`) — stream names are global,
 * so the archive may be restored on the server it came from — and the same on every retry.
 */
const idRewriter = (oldUserId: string, newUserId: string) => {
  const ids = new Map<string, string>([[oldUserId.toLowerCase(), newUserId]]);
  const idOf = (old: string): string => {
    const key = old.toLowerCase();
    let renamed = ids.get(key);
    if (!renamed) ids.set(key, (renamed = restoredId(newUserId, key)));
    return renamed;
  };
  /** Every string under an id-named key (`goalId`, `source.id`, …) is an id of the archive's. */
  const rewrite = (value: unknown, key = ''): unknown => {
    if (typeof value === 'string') return isIdKey(key) && WHOLE_UUID.test(value) ? idOf(value) : value;
    if (Array.isArray(value)) return value.map((item) => rewrite(item, key));
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v, k)]));
    return value;
  };
  return { idOf, rewrite, known: (old: string) => ids.get(old.toLowerCase()) };
};

/**
 * Checks an archive and rewrites it for `userId`, or refuses it (400 naming the field): a checksum
 * that does not match, an event type this server does not know or a schema version newer than it
 * reads, a stream that is not an item's or the user's freezes, revisions that skip, an item stream
 * that does not begin with its creation, an event of another user, a payload its contract refuses,
 * and points the rules would not have given (the audit's replay: every award recomputed, every
 * revocation matched with its award) — so what is appended is what the deciders could have decided.
 */
export const planRestore = (archive: AccountArchive, userId: string): RestorePlan => {
  if (archiveChecksum(archive) !== archive.checksum) refuse('checksum', archiveMessages.checksum);
  const oldUserId = archive.manifest.userId;
  const { idOf, rewrite, known } = idRewriter(oldUserId, userId);
  const next = new Map<string, number>();
  const events: RestoredEvent[] = [];
  const audited = new Map<string, AuditedEvent[]>();
  archive.events.forEach((event, index) => {
    const at = `events.${index}`;
    // Own keys only: `__proto__` or `constructor` is no event type.
    const current = Object.hasOwn(eventSchemaVersions, event.type) ? eventSchemaVersions[event.type] : undefined;
    if (current === undefined) refuse(`${at}.type`, `${event.type} is not an event type this server knows`);
    if (event.version > current!) refuse(`${at}.version`, `${event.type} version ${event.version} is newer than this server reads (${current})`);
    const category = categoryOf(event.stream);
    if (!restorable.has(category)) refuse(`${at}.stream`, 'must be a goal, task, subtask, actionable or freeze stream');
    const oldId = event.stream.slice(category.length + 1);
    if (category === 'freeze' && oldId !== oldUserId) refuse(`${at}.stream`, "must be the archive's own freeze stream");
    if (event.metadata.userId !== oldUserId) refuse(`${at}.metadata.userId`, "must be the archive's user");
    const revision = next.get(event.stream) ?? 0;
    if (event.revision !== revision) refuse(`${at}.revision`, `must be ${revision}: the stream's events follow one another from 0`);
    next.set(event.stream, revision + 1);
    let decoded;
    try {
      decoded = decodeEvent({ type: event.type, version: event.version, data: event.data });
    } catch (error) {
      if (error instanceof InvalidEvent) refuse(`${at}.data`, error.message);
      throw error;
    }
    const creation = creations[category];
    if (creation && revision === 0 && (decoded.type !== creation.type || (decoded.data as Record<string, unknown>)[creation.idField] !== oldId)) {
      refuse(`${at}.type`, `must be the ${creation.type} of ${event.stream}: an item's stream begins with its creation`);
    }
    // An imported item's copy of its import: restored as a plain creation (the import's own stream is not the user's data).
    const data = rewrite(decoded.type === 'ActionableCreated' ? { ...decoded.data, importId: undefined } : decoded.data);
    let metadata;
    try {
      const { causationId, ...rest } = event.metadata;
      metadata = encodeMetadata({
        ...rest,
        userId,
        ...(typeof causationId === 'string' ? { causationId: causationId.replace(UUID, (id) => known(id) ?? id) } : {}),
      });
    } catch (error) {
      if (error instanceof InvalidEvent) refuse(`${at}.metadata`, error.message);
      throw error;
    }
    const stream = streamName(category as 'goal', category === 'freeze' ? userId : idOf(oldId));
    const id = restoredId(userId, event.id.toLowerCase());
    events.push({ id, stream, type: decoded.type, version: decoded.version, data: JSON.parse(JSON.stringify(data)), metadata });
    const replayed = { type: decoded.type, data, occurredAt: metadata.occurredAt, id, position: String(index).padStart(10, '0') } as AuditedEvent;
    audited.set(stream, [...(audited.get(stream) ?? []), replayed]);
  });
  refuseUnearnedPoints(userId, audited);
  return { checksum: archive.checksum, settings: archive.settings, events, counts: countsOf(events) };
};

/** The audit's replay over the rewritten events: every award as the rules of its version give it, every revocation the award it takes back. */
const refuseUnearnedPoints = (userId: string, streams: ReadonlyMap<string, AuditedEvent[]>): void => {
  const replay = createAuditReplay(userId);
  for (const [stream, events] of streams) replay.feed(stream, events);
  // The ledger the restore will project is these very events, so only the rules can disagree.
  const ledger = [...streams.values()].flatMap((events) =>
    events.flatMap((event) =>
      event.type === 'PointsAwarded' || event.type === 'PointsRevoked'
        ? [{ eventId: event.id, points: event.type === 'PointsAwarded' ? event.data.points : -event.data.points, occurredAt: event.occurredAt }]
        : [],
    ),
  );
  const audit = settleAudit(replay, ledger, (a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (audit.mismatches.length > 0) {
    refuse('events', `the points do not follow the rules (${audit.mismatches.length} differ; the first: ${audit.mismatches[0]!.reason})`);
  }
};
