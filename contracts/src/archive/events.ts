import { z } from 'zod';
import { defineEvent } from '../common/events.ts';
import { id, storedText } from '../common/fields.ts';
import { settingsValues } from '../settings/http.ts';
import { ARCHIVE_MAX_EVENTS } from './http.ts';

/**
 * One event of a restore, already rewritten for the restoring account: its stream there, its id
 * there (derived from the archive's), and the payload at the schema version the archive had (the
 * store checks it against its contract again when it is written to its stream).
 */
const restoredEvent = z.object({
  id,
  stream: storedText,
  type: storedText,
  version: z.number().int().positive(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
});

/**
 * A restore, whole: one event in `restore-<userId>` (appended with no_stream, so an account is
 * restored at most once), stored entirely or not at all on either event store. The request (and,
 * should it die first, a reactor) then writes each stream's events with the ids given here, so what
 * was already written is recognised and nothing is written twice.
 */
export const accountRestored = defineEvent(
  'AccountRestored',
  z.object({
    userId: id,
    /** The archive's checksum (`sha256:<hex>`). */
    checksum: z.string().regex(/^sha256:[0-9a-f]{64}$/),
    settings: settingsValues,
    events: z.array(restoredEvent).max(ARCHIVE_MAX_EVENTS),
  }),
);

export const archiveEvents = [accountRestored] as const;
export type ArchiveEvent = z.infer<(typeof archiveEvents)[number]>;
