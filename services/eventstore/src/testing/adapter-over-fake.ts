import { createEventStoreDbEventStore, type EventStoreDbEventStoreOptions } from '../eventstoredb/eventstoredb-event-store.ts';
import { createFakeEsdbClient } from './fake-esdb-client.ts';

/** Retries a few milliseconds apart: a spec sees every attempt without waiting for real backoff. */
export const FAST_RETRY = { attempts: 6, firstDelayMs: 1, maxDelayMs: 4 };

/** The EventStoreDB adapter over a fresh in-memory stand-in, for `goal` streams; `options` as the adapter takes them. */
export const openAdapterOverFake = async (options: Partial<EventStoreDbEventStoreOptions> = {}) => {
  const fake = createFakeEsdbClient();
  const store = await createEventStoreDbEventStore({
    connectionString: 'esdb://unused',
    streamCategories: ['goal'],
    client: fake.client,
    appendRetry: FAST_RETRY,
    ...options,
  });
  return { fake, store };
};
