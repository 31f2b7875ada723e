import type { ImportEvent } from '@tracker/contracts/actionables/events';
import type { Unversioned } from '@tracker/contracts/common/events';
import { messages } from '@tracker/contracts/messages';
import type { Decider, Recorded } from '../common/decider.ts';
import { Conflict } from '../common/errors.ts';
import { localDateOf } from '../time/local-date.ts';
import { importedCreation, type EditableFields, type ImportedHistory } from './actionable.decider.ts';

// An import is one decision: its items are written as one event, whole or not at all, in a stream
// of their own (`import-<importId>`). The items' own streams follow from it (the request makes them
// at once, a reactor after a crash), so no failure can leave half an import behind.

export type ImportStreamEvent = Unversioned<ImportEvent>;
type Imported = ImportStreamEvent['data'];

export interface ImportItem {
  id: string;
  fields: EditableFields;
  history: ImportedHistory;
}

export interface ImportActionables {
  type: 'ImportActionables';
  importId: string;
  userId: string;
  /** The sha256 of the validated request: a second request under the same Idempotency-Key must be the same one. */
  fingerprint: string;
  items: readonly ImportItem[];
  /** The importer's zone, to place imported habits' last completions on a local date. */
  timezone: string;
}

/**
 * When item `index` of an import counts as created: the import's instant less `index` ms, so the
 * newest-first lists show an import in its file's order (an export's order comes back as it went).
 */
export const importedItemCreatedAt = (importedAt: string, index: number): string => new Date(Date.parse(importedAt) - index).toISOString();

type ImportedCreation = Imported['items'][number];

/** A completed to-do keeps the local day it was completed on, in the importer's zone: history counts it there. */
const withCompletionDay = (item: ImportedCreation, timezone: string): ImportedCreation => {
  const { imported } = item;
  if (item.isHabit || imported.status !== 'completed' || imported.completedAt === null) return item;
  return { ...item, imported: { ...imported, completedOn: localDateOf(imported.completedAt, timezone) } };
};

export type ImportState = { status: 'none' } | { status: 'imported'; import: Imported; importedAt: string };

export const decide = (command: ImportActionables, state: ImportState): ImportStreamEvent[] => {
  if (state.status === 'imported') {
    // The same request again (a retry): it was imported whole; nothing more to write.
    if (state.import.fingerprint === command.fingerprint && state.import.userId === command.userId) return [];
    throw new Conflict(messages.idempotencyKeyReused, 'idempotency_key_reused');
  }
  const { importId, userId, fingerprint, timezone } = command;
  return [
    {
      type: 'ActionablesImported',
      data: {
        importId,
        userId,
        fingerprint,
        timezone,
        items: command.items.map((item) =>
          withCompletionDay(importedCreation({ id: item.id, userId, fields: item.fields, history: item.history, timezone }), timezone),
        ),
      },
    },
  ];
};

export const evolve = (_state: ImportState, event: Recorded<ImportStreamEvent>): ImportState => ({
  status: 'imported',
  import: event.data,
  importedAt: event.occurredAt,
});

export const importDecider: Decider<ImportActionables, ImportStreamEvent, ImportState> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
};
