import { describe, expect, it } from 'vitest';
import { busyWaitMs, sendRetryingWhenBusy, type BusyAnswer } from './busy-retry.ts';

const bounds = { defaultWaitMs: 1_000, maxWaitMs: 5_000 };

/** Answers in turn; records the waits asked for. */
const server = (answers: BusyAnswer[]) => {
  const waits: number[] = [];
  let sent = 0;
  return {
    waits,
    sent: () => sent,
    send: async () => answers[Math.min(sent++, answers.length - 1)]!,
    sleep: async (ms: number) => void waits.push(ms),
  };
};

describe('a busy server', () => {
  it('given a 503 with Retry-After 2, when sent, then it is sent again after 2 s and the answer that came is kept', async () => {
    const s = server([
      { status: 503, retryAfter: '2' },
      { status: 200, retryAfter: null },
    ]);
    const answer = await sendRetryingWhenBusy(s.send, (a) => a, { ...bounds, retries: 2, sleep: s.sleep });
    expect(answer.status).toBe(200);
    expect(s.sent()).toBe(2);
    expect(s.waits).toEqual([2_000]);
  });

  it('given a server busy every time, when sent, then it stops after the tries allowed with the busy answer', async () => {
    const s = server([{ status: 429, retryAfter: '60' }]);
    const answer = await sendRetryingWhenBusy(s.send, (a) => a, { ...bounds, retries: 2, sleep: s.sleep });
    expect(answer.status).toBe(429);
    expect(s.sent()).toBe(3);
    // A minute asked for is capped: the user is told rather than kept waiting.
    expect(s.waits).toEqual([5_000, 5_000]);
  });

  it('given any other answer — an error included — when sent, then it is sent once', async () => {
    for (const status of [200, 201, 400, 401, 404, 409, 500, undefined]) {
      const s = server([{ status, retryAfter: '1' }]);
      await sendRetryingWhenBusy(s.send, (a) => a, { ...bounds, retries: 2, sleep: s.sleep });
      expect(s.sent()).toBe(1);
    }
  });

  it('given the caller has gone, when the server is busy, then it is not sent again', async () => {
    const controller = new AbortController();
    const s = server([{ status: 503, retryAfter: '1' }]);
    controller.abort();
    await sendRetryingWhenBusy(s.send, (a) => a, { ...bounds, retries: 2, signal: controller.signal, sleep: s.sleep });
    expect(s.sent()).toBe(1);
  });

  it('reads Retry-After as seconds, and waits the default for none or nonsense', () => {
    expect(busyWaitMs('0', bounds)).toBe(0);
    expect(busyWaitMs('3', bounds)).toBe(3_000);
    expect(busyWaitMs(null, bounds)).toBe(1_000);
    expect(busyWaitMs('', bounds)).toBe(1_000);
    expect(busyWaitMs('soon', bounds)).toBe(1_000);
    expect(busyWaitMs('-4', bounds)).toBe(1_000);
  });
});
