import pg from 'pg';
import { startEmbeddedPostgres } from '@tracker/api/db/embedded-postgres';
import { createOpsDb } from '@tracker/projections/ops-db';
import { createOpsSnapshotStore } from '@tracker/api/commands/snapshots';
import { startBenchRuntime, waitUntilProjected } from '../src/bench-runtime.ts';
import { seedVeteranHabit } from '../src/habit-history.ts';
import { registerUsers, backfillHabits, runRequests } from '../src/command-workloads.ts';

const dir = '/tmp/probe/pgcmd';
const postgres = await startEmbeddedPostgres({ dir, persistent: true });
const a2 = new pg.Pool({ connectionString: postgres.url('postgres') });
const db = 'bf' + Date.now();
await a2.query(`CREATE DATABASE ${db}`);
const url = postgres.url(db);
const pool = new pg.Pool({ connectionString: url });
await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
const runtime = await startBenchRuntime(url);
const ops = createOpsDb(url);
const snapshots = createOpsSnapshotStore(ops.db);
const users = await registerUsers(runtime.url, 'h', 2);
const N = Number(process.env.N ?? 30);
const OLD = Number(process.env.OLD ?? 1095);
for (const u of users) for (let n = 0; n < N; n++) {
  u.backfillableVeterans.push(await seedVeteranHabit(runtime.store, snapshots, u, OLD, [2]));
  u.backfillableHabits.push(await seedVeteranHabit(runtime.store, snapshots, u, 7, [2]));
}
await waitUntilProjected(users[0]!.client);
const vet = backfillHabits(users, 'vet', true);
const young = { ...vet, send: async (user: any) => { const id = user.backfillableHabits.shift(); const date = new Date(Date.now() - 2 * 86_400_000).toLocaleDateString('en-CA', { timeZone: user.timezone }); await user.client.send('POST', `/api/actionables/habits/${id}/completions`, { body: { date }, expect: 201 }); } };
// As the bench: each habit completed today, then taken back, before its missed day is recorded.
const cycle = async (list: 'backfillableVeterans' | 'backfillableHabits') => {
  for (const u of users as any[]) for (const id of u[list]) {
    await u.client.send('PATCH', `/api/actionables/habits/${id}/complete`);
    await u.client.send('PATCH', `/api/actionables/habits/${id}/uncomplete`);
  }
};
if (process.env.CYCLE) { await cycle('backfillableVeterans'); await cycle('backfillableHabits'); }
await runRequests(vet, 3); await runRequests(young as any, 3);
for (const [name, wl] of [['young', young], ['vet', vet]] as const) {
  await waitUntilProjected(users[0]!.client);
  await pool.query('SELECT pg_stat_statements_reset()');
  const t0 = performance.now();
  const lat = await runRequests(wl as any, Math.floor((N - 3) / 2));
  const n = lat.length;
  await waitUntilProjected(users[0]!.client);
  lat.sort((a, b) => a - b);
  console.log(`${name}: ${n} in ${(performance.now() - t0).toFixed(0)} ms, p50 ${lat[Math.floor(n / 2)]!.toFixed(1)}`);
  const { rows } = await pool.query(`SELECT calls, total_exec_time + total_plan_time t, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) q FROM pg_stat_statements ORDER BY 2 DESC LIMIT 14`);
  for (const r of rows) console.log(`  ${(Number(r.calls) / n).toFixed(2)} ${(Number(r.t) / n).toFixed(3)} ms/cmd ${r.q}`);
}
await runtime.stop(); await ops.destroy(); await pool.end();
await a2.query(`DROP DATABASE ${db}`).catch(() => undefined); await a2.end(); await postgres.stop();
