import { eventStoreConformance } from '../conformance.ts';
import { streamCategories } from '@tracker/contracts/streams';
import { RETRY_WINDOW } from './appends.ts';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';

const url = process.env.EVENTSTORE_URL;
if (!url) {
  console.warn('EventStoreDB conformance run skipped: set EVENTSTORE_URL (esdb://host:2113?tls=false) to run it.');
}

eventStoreConformance(
  'EventStoreDB',
  url
    ? {
        // Ids are looked for only where a retry would have put them (the server's IndexWriter.CheckCommit);
        // for `any` / `stream_exists`, among the stream's latest RETRY_WINDOW events (the adapter).
        promises: { reusedIdsRefused: false, anyRetryWindow: RETRY_WINDOW },
        create: async () => createEventStoreDbEventStore({ connectionString: url, streamCategories }),
      }
    : { skip: 'EVENTSTORE_URL is not set' },
);
