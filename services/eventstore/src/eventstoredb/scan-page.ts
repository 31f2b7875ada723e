/**
 * Client v6 cannot filter readAll on the server, so finding a batch of our events means reading
 * $all raw: system events, other applications' streams, events of ours already passed. A page the
 * size of the caller's batch (5 events, say) then costs a round trip per few raw events, which on a
 * long-lived server adds up to minutes; below this many, pages are not worth their round trip.
 */
export const MIN_SCAN_PAGE = 256;

/** Raw $all events read per round trip while looking for `batchSize` of ours. */
export const scanPageSize = (batchSize: number): number => Math.max(Math.floor(batchSize), MIN_SCAN_PAGE);
