import type { OperationalTables } from '@tracker/projections/ops-db';
import type { ProjectedEvent } from '@tracker/projections/projector';
import type { LaneMember } from '@tracker/projections/runner';
import type { EventStore } from '@tracker/eventstore/port';
import type { CommandHandler } from '../commands/command-handler.ts';
import { materialiseRestore } from './account-restorer.ts';

export const ACCOUNT_RESTORE = 'account_restore';

const handles = ['AccountRestored'] as const;
type Handled = ProjectedEvent<(typeof handles)[number]>;

/**
 * A restore's streams are written by the request that stored it; when that request died first (a
 * crash, a lost connection), this finishes the work from the log. Every id comes from the stored
 * restore, so what the request already wrote is found and nothing is written twice.
 */
export const accountRestoreReactor = (deps: { store: EventStore; commands: CommandHandler }): LaneMember<OperationalTables, Handled['type']> => ({
  name: ACCOUNT_RESTORE,
  handles,
  apply: async (_trx, event) => {
    await materialiseRestore(deps, event.data, {
      requestId: event.metadata.correlationId,
      now: new Date(event.metadata.occurredAt),
      causationId: event.stream,
    });
  },
});
