import type { EventStore } from '../port.ts';
export const createEventStoreDbEventStore = async (_: { connectionString: string }): Promise<EventStore> => {
  throw new Error('not yet');
};
