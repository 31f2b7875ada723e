/**
 * For every pool and long-lived client of ours: a connect that has not finished in 5 s fails (the
 * request answers 503 and is retried; a lane tries again) instead of waiting on a server that is
 * failing over, and TCP keepalive probes idle sessions (LISTEN, lane locks) so that a peer gone
 * without a word is noticed.
 */
export const pgConnectionOptions = {
  connectionTimeoutMillis: 5_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} as const;
