import { eventStoreConformance } from '../conformance.ts';
import { streamCategories } from '@tracker/contracts/streams';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';

const url = process.env.EVENTSTORE_URL;
if (!url) {
  console.warn('EventStoreDB conformance run skipped: set EVENTSTORE_URL (esdb://host:2113?tls=false) to run it.');
}

eventStoreConformance(
  'EventStoreDB',
  url
    ? {
        // Ids are checked only within the target stream (the server's IndexWriter.CheckCommit).
        promises: { idsUniqueAcrossStreams: false },
        create: async () => createEventStoreDbEventStore({ connectionString: url, streamCategories }),
      }
    : { skip: 'EVENTSTORE_URL is not set' },
);
