import { eventStoreConformance } from '../conformance.ts';
import { createFakeEsdbClient } from '../testing/fake-esdb-client.ts';
import { RETRY_WINDOW, createEventStoreDbEventStore } from './eventstoredb-event-store.ts';

// The adapter's own logic (retry recognition, any / stream_exists at the head, $all scanning, the
// pull loop) against the in-memory stand-in for the server, which has no live subscription: the
// loop then falls back to polling. A repeat within 30 ms of its original times out as on a real
// server (IdempotentNotReady), so racing retries go through the outcome-unknown retry. No substitute for the run against a real server (EVENTSTORE_URL).
eventStoreConformance('EventStoreDB adapter on an in-memory stand-in for the server', {
  promises: { reusedIdsRefused: false, anyRetryWindow: RETRY_WINDOW },
  create: async () =>
    createEventStoreDbEventStore({
      connectionString: 'esdb://unused',
      streamCategories: ['goal'],
      client: createFakeEsdbClient({ notReadyForMs: 30 }).client,
      pollIntervalMs: 20,
    }),
});
