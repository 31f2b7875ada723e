import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

// `npm start` runs the projections on a thread of their own (process/projections-thread.ts): a command
// still answers with what the next read shows, the awards and the dashboard follow, readiness sees
// the thread's projectors at the head, and a stop ends the thread with the process's other parts.

describe('the projections on a thread of their own', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp({ projectionsOnThread: true });
    ({ token } = await app.registerUser('Thread Theo', 'UTC'));
  });
  afterAll(() => app?.stop());

  it('runs no projector on the API thread', () => {
    expect(app.runtime.runner).toBeUndefined();
  });

  it('answers a command with what the next reads show: the list, the points, the dashboard', async () => {
    const created = await app.json('POST', '/api/goals/goals', { token, body: { title: 'Run a marathon', priority: 1 } });
    expect(created.status).toBe(201);
    const listed = await app.json('GET', '/api/goals/goals', { token });
    expect(listed.body.goals.map((goal: { title: string }) => goal.title)).toEqual(['Run a marathon']);

    const habit = (await app.json('POST', '/api/actionables/habits', { token, body: { title: 'Stretch' } })).body.habit;
    expect((await app.json('PATCH', `/api/actionables/habits/${habit.id}/complete`, { token })).status).toBe(200);
    expect((await app.json('GET', '/api/points/stats', { token })).body.stats.total).toBe(10);
    expect((await app.json('GET', '/api/dashboard/summary', { token })).body.summary).toMatchObject({ goalsCount: 1, actionablesCount: 1, totalPoints: 10 });

    const ready = await app.json('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(Object.values(ready.body.projections as Record<string, { caughtUp: boolean }>).every((projection) => projection.caughtUp)).toBe(true);
  });
});
