import { eventStoreConformance } from '../conformance.ts';
import { createFakeEsdbClient } from '../testing/fake-esdb-client.ts';
import { RETRY_WINDOW } from './appends.ts';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';

// The adapter's own logic (retry recognition, any / stream_exists at the head, $all scanning, the
// pull loop woken by the live subscription) against the in-memory stand-in for the server. Writes
// take 5 ms to be indexed and a repeat arriving meanwhile is dropped, answered by a timeout after
// 40 ms (the server's 2 s commit timeout, shortened), so racing retries go through the
// outcome-unknown retry. The fallback poll is a minute: every live delivery comes from a wake-up.
// No substitute for the run against a real server (EVENTSTORE_URL).

const open = async (dropEveryMs?: number) => {
  const fake = createFakeEsdbClient({ indexDelayMs: 5, commitTimeoutMs: 40 });
  const store = await createEventStoreDbEventStore({
    connectionString: 'esdb://unused',
    streamCategories: ['goal'],
    client: fake.client,
    pollIntervalMs: 60_000,
  });
  if (dropEveryMs === undefined) return store;
  // The server or the connection dropping the live subscription, again and again: resubscribed with backoff.
  const dropping = setInterval(() => fake.dropSubscriptions(), dropEveryMs);
  return {
    ...store,
    async close() {
      clearInterval(dropping);
      await store.close();
    },
  };
};

const promises = { reusedIdsRefused: false, anyRetryWindow: RETRY_WINDOW };

eventStoreConformance('EventStoreDB adapter on an in-memory stand-in for the server', { promises, create: () => open() });

eventStoreConformance('EventStoreDB adapter on the stand-in, its live subscription dropped every 150 ms', { promises, create: () => open(150) });
