/** A worker's loop: `tick` every `pollMs` after the previous one ended, until stopped. */
export interface PollLoop {
  /** True once stop was asked: a long tick checks it between its steps. */
  readonly stopped: boolean;
  /** Runs a tick now, after the one in flight (tests). */
  tickNow(): Promise<void>;
  /** Stops the loop and waits for the tick in flight. */
  stop(): Promise<void>;
}

export const startPollLoop = (tick: () => Promise<void>, pollMs: number): PollLoop => {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const loop = () => {
    if (stopped) return;
    running = tick().finally(() => {
      if (!stopped) timer = setTimeout(loop, pollMs);
    });
  };
  timer = setTimeout(loop, pollMs);
  return {
    get stopped() {
      return stopped;
    },
    tickNow: () => (running = running.then(tick)),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
};
