import { eventStoreConformance } from '../conformance.ts';
import { createFakeEsdbClient } from '../testing/fake-esdb-client.ts';
import { RETRY_WINDOW, createEventStoreDbEventStore } from './eventstoredb-event-store.ts';

// The adapter's own logic (retry recognition, any / stream_exists at the head, $all scanning, the
// pull loop woken by the live subscription) against the in-memory stand-in for the server. Writes
// take 5 ms to be indexed and a repeat arriving meanwhile is dropped, answered by a timeout after
// 40 ms (the server's 2 s commit timeout, shortened), so racing retries go through the
// outcome-unknown retry. No substitute for the run against a real server (EVENTSTORE_URL).
eventStoreConformance('EventStoreDB adapter on an in-memory stand-in for the server', {
  promises: { reusedIdsRefused: false, anyRetryWindow: RETRY_WINDOW },
  create: async () =>
    createEventStoreDbEventStore({
      connectionString: 'esdb://unused',
      streamCategories: ['goal'],
      client: createFakeEsdbClient({ indexDelayMs: 5, commitTimeoutMs: 40 }).client,
      pollIntervalMs: 20,
    }),
});
