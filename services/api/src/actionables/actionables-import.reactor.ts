import type { OperationalTables } from '@tracker/projections/ops-db';
import type { ProjectedEvent } from '@tracker/projections/projector';
import type { LaneMember } from '@tracker/projections/runner';
import type { ActionableCommands } from './actionable-commands.ts';

export const ACTIONABLES_IMPORT = 'actionables_import';

const handles = ['ActionablesImported'] as const;
type Handled = ProjectedEvent<(typeof handles)[number]>;

/**
 * An import's items get their own streams in the request that stored it; when that request died
 * first (a crash, a lost connection), this finishes the work from the log. Each item's event ids
 * derive from the import, so what the request already wrote is found and nothing is written twice.
 */
export const actionablesImportReactor = (actionables: ActionableCommands): LaneMember<OperationalTables, Handled['type']> => ({
  name: ACTIONABLES_IMPORT,
  handles,
  apply: async (_trx, event) => {
    await actionables.materialise(
      { data: event.data, occurredAt: event.metadata.occurredAt },
      { userId: event.data.userId, requestId: event.metadata.correlationId },
    );
  },
});
