/**
 * Runs `check` until it passes, every `pollMs`, and throws its last failure after `timeoutMs`: for
 * what happens on its own time (a subscription delivering, a runner catching up), not for speed.
 */
export const eventually = async (check: () => Promise<void> | void, timeoutMs = 10_000, pollMs = 25): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
};
