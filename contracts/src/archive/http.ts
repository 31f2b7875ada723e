import { z } from 'zod';
import { id, isoDateTime, storedText, wholeNumber } from '../common/fields.ts';
import { settingsValues } from '../settings/http.ts';

/** What an archive says it is: a file of this tracker, not any JSON. */
export const ARCHIVE_FORMAT = 'tracker-account-archive';
/** The archive layout this server writes and the newest it reads; a newer one is refused. */
export const ARCHIVE_VERSION = 1;
/** At most this many events in one archive (about ten years of a busy account). */
export const ARCHIVE_MAX_EVENTS = 50_000;
/** The body limit of `POST /account/archive` (the default is 1 MB): ARCHIVE_MAX_EVENTS events of about 300 bytes. */
export const ARCHIVE_MAX_BYTES = 16 * 1024 * 1024;

export const archiveMessages = {
  checksum: 'does not match the archive: it was edited or damaged after it was downloaded',
  notEmpty: 'This account already has data: an archive can only be restored into an account that has none',
  newer: (found: number) => `the archive is version ${found}, newer than this server reads (${ARCHIVE_VERSION}): restore it on an up-to-date server`,
} as const;

/** No event payload nests deeper than this; a deeper value is refused before anything walks it. */
export const ARCHIVE_MAX_DEPTH = 16;

/** Whether a JSON value nests at most `max` arrays or objects deep (counted without recursion). */
const nestsWithin =
  (max: number) =>
  (value: unknown): boolean => {
    const pending: Array<[unknown, number]> = [[value, 0]];
    while (pending.length > 0) {
      const [current, depth] = pending.pop()!;
      if (current === null || typeof current !== 'object') continue;
      if (depth >= max) return false;
      for (const member of Object.values(current)) pending.push([member, depth + 1]);
    }
    return true;
  };
const shallow = { message: `must nest at most ${ARCHIVE_MAX_DEPTH} levels deep` };

/** How many of each thing the archive holds (what the web previews before a restore). */
export const archiveCounts = z.object({
  events: z.number().int().nonnegative(),
  streams: z.number().int().nonnegative(),
  goals: z.number().int().nonnegative(),
  tasks: z.number().int().nonnegative(),
  subtasks: z.number().int().nonnegative(),
  actionables: z.number().int().nonnegative(),
  habits: z.number().int().nonnegative(),
  freezes: z.number().int().nonnegative(),
  points: z.number().int(),
});
export type ArchiveCounts = z.infer<typeof archiveCounts>;

export const archiveManifest = z.object({
  format: z.literal(ARCHIVE_FORMAT, { message: `must be "${ARCHIVE_FORMAT}"` }),
  version: z
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .positive({ message: 'must be a whole number from 1' })
    .refine((version) => version <= ARCHIVE_VERSION, { error: (issue) => archiveMessages.newer(issue.input as number) }),
  exportedAt: isoDateTime,
  /** The account it was downloaded from (rewritten to the restoring account on import). */
  userId: id,
  counts: archiveCounts,
  /** Each event type's schema version on the server that wrote it: an event newer than the reader knows is refused. */
  eventSchemaVersion: z.record(z.string().max(100), wholeNumber(1, 1000)),
});
export type ArchiveManifest = z.infer<typeof archiveManifest>;

/**
 * One event as the log keeps it: its stream and revision, id, type, schema version, payload and
 * metadata (the local date and zone the rules used), and when the store recorded it.
 */
export const archivedEvent = z.object({
  id,
  stream: z
    .string()
    .min(3)
    .max(200)
    .refine((value) => /^[a-z]+-[0-9a-f-]{36}$/.test(value), { message: 'must be a stream name' }),
  revision: wholeNumber(0, ARCHIVE_MAX_EVENTS),
  type: storedText.pipe(z.string().max(100)),
  version: wholeNumber(1, 1000),
  data: z.unknown().refine(nestsWithin(ARCHIVE_MAX_DEPTH), shallow),
  metadata: z.record(z.string().max(100), z.unknown()).refine(nestsWithin(1), { message: 'must be an object of plain values' }),
  recordedAt: isoDateTime,
});
export type ArchivedEvent = z.infer<typeof archivedEvent>;

/**
 * The account archive: the manifest, the account's settings, its events in log order, and the
 * SHA-256 of the canonical serialisation of the three (`sha256:<hex>`; see the README: it detects
 * any change, but anyone can compute it, so it is no signature).
 */
export const accountArchive = z.object({
  manifest: archiveManifest,
  settings: settingsValues,
  events: z.array(archivedEvent).max(ARCHIVE_MAX_EVENTS, { message: `must hold at most ${ARCHIVE_MAX_EVENTS} events` }),
  checksum: z.string().regex(/^sha256:[0-9a-f]{64}$/, { message: 'must be sha256: and 64 hex digits' }),
});
export type AccountArchive = z.infer<typeof accountArchive>;

/** What a restore answers: what it brought in, and the archive's checksum. */
export const restoreResponse = z.object({
  restored: z.object({ counts: archiveCounts, checksum: z.string(), restoredAt: isoDateTime }),
});
export type RestoreResponse = z.infer<typeof restoreResponse>;
