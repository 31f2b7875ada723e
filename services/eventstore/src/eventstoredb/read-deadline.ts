import type { CancellableRead } from './esdb-client.ts';

/** A read got no answer (next event or end) from the server within its idle deadline. */
export class ReadStalled extends Error {
  constructor(readonly idleMs: number) {
    super(`EventStoreDB read stalled: no answer within ${idleMs} ms`);
    this.name = 'ReadStalled';
  }
}

/** The read was abandoned because its caller stopped (a subscription's stop()). */
export class ReadAborted extends Error {
  constructor() {
    super('EventStoreDB read aborted');
    this.name = 'ReadAborted';
  }
}

/**
 * Client v6 reads carry no deadline (deadline: Infinity), so a server that stops answering leaves
 * the read waiting until keepalive notices, and whoever awaits it (stop(), a projector) with it.
 * This yields the read's events, but fails with ReadStalled when the server has not answered for
 * `idleMs` (time the consumer spends between events does not count), and with ReadAborted when
 * `signal` aborts; either way, and when the consumer stops early, the server-side read is cancelled.
 */
export async function* withReadDeadline<T>(read: CancellableRead<T>, idleMs: number, signal?: AbortSignal): AsyncGenerator<T> {
  const iterator = read[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      if (signal?.aborted) throw new ReadAborted();
      let timer: NodeJS.Timeout | undefined;
      let onAbort: (() => void) | undefined;
      const giveUp = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ReadStalled(idleMs)), idleMs);
        onAbort = () => reject(new ReadAborted());
        signal?.addEventListener('abort', onAbort, { once: true });
      });
      let next: IteratorResult<T>;
      try {
        next = await Promise.race([iterator.next(), giveUp]);
      } finally {
        clearTimeout(timer);
        if (onAbort) signal?.removeEventListener('abort', onAbort);
      }
      if (next.done) {
        finished = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!finished) await read.cancel().catch(() => undefined);
  }
}
