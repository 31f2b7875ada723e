import { BACKWARDS, END, FORWARDS, START, type AllStreamResolvedEvent, type Direction, type ReadPosition } from '@eventstore/db-client';
import type { EventStore, Position, StoredEvent } from '../port.ts';
import type { EsdbClient } from './esdb-client.ts';
import { compareEsdbPositions, decodePosition, encodePosition } from './positions.ts';
import { withReadDeadline } from './read-deadline.ts';
import { scanPageSize } from './scan-page.ts';
import { toStored } from './stored-records.ts';

const HEAD_SCAN_PAGE = 100;

/** Our events: streams of our categories only, never system (`$`) events. */
export const ownedBy =
  (prefixes: readonly string[]) =>
  (stream: string, type: string): boolean =>
    !type.startsWith('$') && prefixes.some((prefix) => stream.startsWith(prefix));

const toReadPosition = (position: Position | 'start'): ReadPosition => (position === 'start' ? START : decodePosition(position));

interface Scan {
  /** Our events after the start of the scan, in $all order. */
  events: StoredEvent[];
  /** The last $all position examined: no event of ours lies between the start and it besides `events`. */
  scannedTo: Position | 'start';
  reachedEnd: boolean;
}

/** Reads of $all, keeping our events (`isOurs`): a page, a forward scan, the port's `readAll`, the head. */
export const allReads = (client: EsdbClient, isOurs: (stream: string, type: string) => boolean, readIdleMs: number) => {
  const readAllPage = async (from: ReadPosition, direction: Direction, maxCount: number, signal?: AbortSignal): Promise<AllStreamResolvedEvent[]> => {
    const page: AllStreamResolvedEvent[] = [];
    const read = client.readAll({ fromPosition: from, direction, maxCount, resolveLinkTos: false });
    for await (const resolved of withReadDeadline(read, readIdleMs, signal)) {
      page.push(resolved);
    }
    return page;
  };

  /**
   * Reads $all forwards after `after` (exclusive), keeping our events, until `limit` of them are
   * collected or the end of $all is reached. Whether a read from a position includes that position
   * is not something we rely on: anything at or before the cursor is dropped, and the page asks for
   * one more event to make up for it.
   */
  const scanForward = async (after: Position | 'start', limit: number, signal?: AbortSignal): Promise<Scan> => {
    const pageSize = scanPageSize(limit);
    const events: StoredEvent[] = [];
    let cursor = after;
    for (;;) {
      const maxCount = cursor === 'start' ? pageSize : pageSize + 1;
      const page = await readAllPage(toReadPosition(cursor), FORWARDS, maxCount, signal);
      let progressed = false;
      for (const { event: record } of page) {
        if (!record) continue;
        const position = encodePosition(record.position);
        if (compareEsdbPositions(position, cursor) <= 0) continue;
        progressed = true;
        cursor = position;
        if (!isOurs(record.streamId, record.type)) continue;
        events.push(toStored(record));
        if (events.length >= limit) return { events, scannedTo: cursor, reachedEnd: false };
      }
      if (!progressed || page.length < maxCount) return { events, scannedTo: cursor, reachedEnd: true };
    }
  };

  const readAll: EventStore['readAll'] = async function* (from, batchSize = 500) {
    const size = Math.max(1, batchSize);
    let cursor = from;
    for (;;) {
      // The batch only bounds memory here: take what a whole page holds rather than round-trip per batch.
      const scan = await scanForward(cursor, scanPageSize(size));
      yield* scan.events;
      if (scan.reachedEnd) return;
      cursor = scan.scannedTo;
    }
  };

  const headPosition = async (): Promise<Position | 'start'> => {
    let cursor: Position | 'end' = 'end';
    for (;;) {
      const maxCount = cursor === 'end' ? HEAD_SCAN_PAGE : HEAD_SCAN_PAGE + 1;
      const page = await readAllPage(cursor === 'end' ? END : decodePosition(cursor), BACKWARDS, maxCount);
      let progressed = false;
      for (const { event: record } of page) {
        if (!record) continue;
        const position = encodePosition(record.position);
        if (cursor !== 'end' && compareEsdbPositions(position, cursor) >= 0) continue;
        progressed = true;
        cursor = position;
        if (isOurs(record.streamId, record.type)) return position;
      }
      if (!progressed || page.length < maxCount) return 'start';
    }
  };
  return { readAllPage, scanForward, readAll, headPosition };
};

export type AllReads = ReturnType<typeof allReads>;
