/**
 * A server that is busy or briefly unavailable says so — 503 (its database restarting, no connection
 * free in time) or 429 (a heavy read's queue is full), each with Retry-After — and a request that is
 * safe to send again (a read, or a change carrying its Idempotency-Key: the server answers a repeat
 * with the first outcome) is sent again after that wait instead of showing the user a failure for a
 * moment's load. A few tries at most, each wait capped, and none once the caller has gone.
 */

export interface BusyRetryOptions {
  /** Tries after the first. */
  retries: number;
  /** The wait when the answer gives no Retry-After, and the longest one it may ask for (ms). */
  defaultWaitMs: number;
  maxWaitMs: number;
  signal?: AbortSignal | undefined;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface BusyAnswer {
  /** The HTTP status, when there was an answer. */
  status: number | undefined;
  /** The Retry-After header, as sent. */
  retryAfter: string | null | undefined;
}

const BUSY = new Set([429, 503]);

/** Retry-After in seconds (the form the API sends), as a wait within the bounds. */
export const busyWaitMs = (retryAfter: string | null | undefined, options: Pick<BusyRetryOptions, 'defaultWaitMs' | 'maxWaitMs'>): number => {
  const seconds = retryAfter == null || retryAfter.trim() === '' ? Number.NaN : Number(retryAfter);
  const ms = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : options.defaultWaitMs;
  return Math.min(ms, options.maxWaitMs);
};

const abortableSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/** Sends, and sends again while the answer says busy and tries remain; the last answer is returned. */
export const sendRetryingWhenBusy = async <A>(send: () => Promise<A>, answerOf: (answer: A) => BusyAnswer, options: BusyRetryOptions): Promise<A> => {
  const sleep = options.sleep ?? abortableSleep;
  let answer = await send();
  for (let attempt = 0; attempt < options.retries; attempt++) {
    const { status, retryAfter } = answerOf(answer);
    if (status === undefined || !BUSY.has(status) || options.signal?.aborted) return answer;
    await sleep(busyWaitMs(retryAfter, options), options.signal);
    if (options.signal?.aborted) return answer;
    answer = await send();
  }
  return answer;
};
