import { createHash } from 'node:crypto';

/**
 * Which event ids a stream held up to a snapshot, in a few bits per id (a scalable Bloom filter):
 * `mayHold` is true for every id added, and for about 1 in 300 others per segment. Kept with each
 * snapshot so that a retried request older than the snapshot is still recognised on an event store
 * that looks for a retry's ids only where the retry puts them (EventStoreDB, port.ts at `append`):
 * the handler reads the whole stream only when the filter says the retry's first id may be there.
 * Plain JSON, so it is stored beside the snapshot's state.
 */
export interface EventIdFilter {
  /** Each segment holds up to `capacity` ids; a full one is followed by one twice its size. */
  segments: Array<{ capacity: number; count: number; bits: string }>;
}

const BITS_PER_ID = 12;
const HASHES = 8;
const FIRST_CAPACITY = 256;

export const emptyEventIdFilter = (): EventIdFilter => ({ segments: [] });

/** The bit positions of `id` in a segment of `size` bits (double hashing over sha256). */
const positionsOf = (id: string, size: number): number[] => {
  const digest = createHash('sha256').update(id.toLowerCase()).digest();
  const h1 = digest.readUInt32BE(0);
  const h2 = (digest.readUInt32BE(4) | 1) >>> 0;
  return Array.from({ length: HASHES }, (_, i) => (h1 + i * h2) % size);
};

const isSet = (bits: Uint8Array, position: number): boolean => (bits[position >> 3]! & (1 << (position & 7))) !== 0;

export const mayHold = (filter: EventIdFilter, id: string): boolean =>
  filter.segments.some((segment) => {
    const bits = Buffer.from(segment.bits, 'base64');
    return positionsOf(id, bits.length * 8).every((position) => isSet(bits, position));
  });

/** The filter with `ids` added (a new filter; the given one is left as it is). */
export const withEventIds = (filter: EventIdFilter, ids: Iterable<string>): EventIdFilter => {
  const segments = filter.segments.map((segment) => ({ ...segment, bits: Buffer.from(segment.bits, 'base64') }));
  for (const id of ids) {
    let last = segments.at(-1);
    if (!last || last.count >= last.capacity) {
      const capacity = last ? last.capacity * 2 : FIRST_CAPACITY;
      last = { capacity, count: 0, bits: Buffer.alloc((capacity * BITS_PER_ID) / 8) };
      segments.push(last);
    }
    const { bits } = last;
    for (const position of positionsOf(id, bits.length * 8)) bits.writeUInt8(bits.readUInt8(position >> 3) | (1 << (position & 7)), position >> 3);
    last.count += 1;
  }
  return { segments: segments.map((segment) => ({ ...segment, bits: segment.bits.toString('base64') })) };
};
