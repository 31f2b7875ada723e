import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildReadModels } from '@tracker/projections/rebuild/rebuild';
import { apiClient, useTestApp } from './support/api-client.ts';

// Reads that keep their answers (http/answer-cache.ts) give them again only while the user's read
// models are as they were. To see that an answer was kept, the tests change a row behind the
// projectors' back — a change no read version records — and read again.

const app = useTestApp();
const { call, newUser, ok } = apiClient(app);
/** A read that must answer 200; its body. */
const read = async (user: { token: string }, path: string) => {
  const res = await call(user, 'GET', path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
let pool: pg.Pool;
beforeAll(() => {
  pool = new pg.Pool({ connectionString: app.runtime.databaseUrl, max: 2 });
});
afterAll(async () => {
  await pool?.end();
});

/** A goal's title changed in the read model only: what no command, and no read version, knows of. */
const retitleBehindTheBack = (goalId: string, title: string) => pool.query('UPDATE rm.goals SET title = $2 WHERE id = $1', [goalId, title]);
const titles = async (user: { token: string }) => ((await read(user, '/goals/goals')).goals as Array<{ title: string }>).map((goal) => goal.title);

describe('answers kept per user', () => {
  it('are given again while nothing the user did changed them, and never after a command of theirs', async () => {
    const user = await newUser('Keeper');
    const goal = (await ok(user, 'POST', '/goals/goals', { title: 'Run' })).goal;
    expect(await titles(user)).toEqual(['Run']);

    await retitleBehindTheBack(goal.id, 'Changed behind the back');
    // Kept: the read models did not move for this user as far as anyone recorded.
    expect(await titles(user)).toEqual(['Run']);

    await ok(user, 'PATCH', `/goals/goals/${goal.id}`, { title: 'Run far' });
    // The command's batch moved the user's read version with its rows: read afresh.
    expect(await titles(user)).toEqual(['Run far']);
  });

  it('are the user’s own: another user’s commands neither reuse nor disturb them', async () => {
    const alice = await newUser('Alice');
    const bob = await newUser('Bob');
    await ok(alice, 'POST', '/goals/goals', { title: 'Alice’s' });
    await ok(bob, 'POST', '/goals/goals', { title: 'Bob’s' });

    expect(await titles(alice)).toEqual(['Alice’s']);
    expect(await titles(bob)).toEqual(['Bob’s']);
    await ok(bob, 'POST', '/goals/goals', { title: 'Bob’s second' });
    expect(await titles(alice)).toEqual(['Alice’s']);
    expect(await titles(bob)).toEqual(['Bob’s second', 'Bob’s']);
  });

  it('are told apart when many users read at once (their versions read together)', async () => {
    const users = await Promise.all(['Ann', 'Ben', 'Cy', 'Di', 'Ed', 'Flo'].map((name) => newUser(name)));
    const goals = await Promise.all(users.map(async (user, n) => (await ok(user, 'POST', '/goals/goals', { title: `Goal ${n}` })).goal));
    expect(await Promise.all(users.map(titles))).toEqual(users.map((_, n) => [`Goal ${n}`]));

    await Promise.all(goals.map((goal, n) => retitleBehindTheBack(goal.id, `Behind ${n}`)));
    await Promise.all(
      users.filter((_, n) => n % 2 === 1).map((user, n) => ok(user, 'PATCH', `/goals/goals/${goals[2 * n + 1]!.id}`, { title: `Moved ${2 * n + 1}` })),
    );

    // Read all at once, three times: the even users' kept answers, the odd users' built afresh.
    for (let round = 0; round < 3; round++)
      expect(await Promise.all(users.map(titles))).toEqual(users.map((_, n) => [n % 2 === 1 ? `Moved ${n}` : `Goal ${n}`]));
  });

  it('move to the next day with the user’s clock', async () => {
    const user = await newUser('Sleeper');
    const first = (await read(user, '/dashboard/daily-actionables')).date as string;

    app.advanceClock(24 * 60 * 60 * 1000);

    const next = (await read(user, '/dashboard/daily-actionables')).date as string;
    expect(next > first).toBe(true);
  });

  it('are not given from tables a rebuild swapped out', async () => {
    const user = await newUser('Rebuilt');
    const goal = (await ok(user, 'POST', '/goals/goals', { title: 'True title' })).goal;
    await retitleBehindTheBack(goal.id, 'Corrupted');
    // Read, and kept, from the corrupted row.
    expect(await titles(user)).toEqual(['Corrupted']);

    await rebuildReadModels({
      connectionString: app.runtime.databaseUrl,
      store: app.runtime.store,
      // Read again while the fresh tables wait to be swapped in: still the live, corrupted one, kept anew.
      beforeSwap: async () => expect(await titles(user)).toEqual(['Corrupted']),
    });

    // The replay wrote the row from the log again, and the swap moved every user's read version.
    expect(await titles(user)).toEqual(['True title']);
  });
});
