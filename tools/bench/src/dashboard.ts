import { createApiClient } from './api-client.ts';
import { startBenchRuntime, waitUntilProjected } from './bench-runtime.ts';
import { checkHealth, registerUsers, type BenchUser, type RequestWorkload } from './command-workloads.ts';
import { figuresOf, timeWorkload, type Reference, type Timed } from './commands.ts';
import { seedOtherUser, seedUserHistory } from '@tracker/api/testing/user-history';
import { summarise } from './measure.ts';
import type { DashboardSection } from './report.ts';
import { installStatementCounter } from './sql-statements.ts';

export type DashboardSettings = {
  dashboardClients: number;
  dashboardRepetitions: number;
  /** Events recorded for the user whose dashboard is read, and the days they span. */
  dashboardUserEvents: number;
  dashboardDays: number;
  /** Users in all (the leaderboard ranks them). */
  dashboardUsers: number;
  dashboardWarmUpPerClient: number;
  dashboardReadsPerClient: number;
};

type Progress = (line: string) => void;

const localDate = (date: Date, timezone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);

/**
 * A read of the dashboard: every client is the same user, the one with years of history. Its answer
 * is kept between reads (nothing changes in between: services/api/src/http/answer-cache.ts); `built`,
 * every read asks for it built afresh (Cache-Control: no-cache), as the first read after a change is.
 */
const read = (name: string, path: string, users: readonly BenchUser[], built = false): RequestWorkload => ({
  name: built ? `${name} (built)` : name,
  request: `GET ${path}${built ? ', Cache-Control: no-cache' : ''}`,
  users,
  appends: false,
  send: async ({ client }) => void (await client.send('GET', path, built ? { headers: { 'cache-control': 'no-cache' } } : {})),
});

/**
 * The dashboard's reads over real HTTP for a user with years of history among many users, beside
 * GET /api/health in the same run (the cheapest request there is) as the reference.
 */
export const measureDashboard = async (databaseUrl: string, settings: DashboardSettings, progress: Progress): Promise<DashboardSection> => {
  const runtime = await startBenchRuntime(databaseUrl);
  const counter = installStatementCounter();
  const users: BenchUser[] = [];
  try {
    const [owner] = await registerUsers(runtime.url, 'dashboard-owner', 1);
    users.push(owner!);
    progress(`dashboard: seeding about ${settings.dashboardUserEvents} events over ${settings.dashboardDays} days for one user`);
    let events = await seedUserHistory(runtime.store, {
      userId: owner!.userId,
      timezone: owner!.timezone,
      events: settings.dashboardUserEvents,
      days: settings.dashboardDays,
    });
    const ownerEvents = events;
    progress(`dashboard: seeding ${settings.dashboardUsers - 1} other users with a few completed goals each`);
    for (let index = 1; index < settings.dashboardUsers; index++) events += await seedOtherUser(runtime.store, index, owner!.timezone);
    progress(`dashboard: ${events} events appended; waiting for the projections`);
    await waitUntilProjected(owner!.client, 900_000);

    // A keep-alive connection of its own for each client, all with the owner's token.
    const readers: BenchUser[] = Array.from({ length: settings.dashboardClients }, () => {
      const client = createApiClient(runtime.url);
      client.token = owner!.client.token;
      const reader = { ...owner!, client };
      users.push(reader);
      return reader;
    });
    const today = localDate(new Date(), owner!.timezone);
    const yearAgo = localDate(new Date(Date.now() - 364 * 24 * 60 * 60 * 1000), owner!.timezone);
    const health = checkHealth(readers);
    const routes: Array<[string, string]> = [
      ['dashboard-summary-year', `/api/dashboard/summary?startDate=${yearAgo}&endDate=${today}`],
      ['points-heatmap-year', '/api/points/heatmap'],
      ['points-stats', '/api/points/stats'],
      ['daily-actionables', '/api/dashboard/daily-actionables'],
    ];
    const workloads: RequestWorkload[] = [
      health,
      ...routes.map(([name, path]) => read(name, path, readers)),
      // Other users' points: never kept.
      read('points-leaderboard', '/api/points/leaderboard', readers),
      ...routes.map(([name, path]) => read(name, path, readers, true)),
    ];
    // One pass over every workload first, untimed: right after seeding, the first run went at half the
    // speed of the others for health too (3,298 against 5,610-5,687 req/s: the server and PostgreSQL
    // settling after 124k appended events), and its slow requests set every route's p99.
    for (const workload of workloads) await timeWorkload(workload, settings.dashboardWarmUpPerClient, settings.dashboardReadsPerClient, counter, owner!);
    progress('dashboard: one untimed pass over every workload done');
    const runs = new Map<string, Timed[]>(workloads.map((w) => [w.name, []]));
    for (let run = 1; run <= settings.dashboardRepetitions; run++) {
      const line: string[] = [];
      for (const workload of workloads) {
        const result = await timeWorkload(workload, settings.dashboardWarmUpPerClient, settings.dashboardReadsPerClient, counter, owner!);
        runs.get(workload.name)!.push(result);
        line.push(`${workload.name} ${Math.round(result.rate)}/s`);
      }
      progress(`dashboard run ${run}/${settings.dashboardRepetitions}: ${line.join(', ')}`);
    }
    const alone = new Map<string, Timed>();
    for (const workload of workloads) {
      alone.set(
        workload.name,
        await timeWorkload({ ...workload, users: readers.slice(0, 1) }, settings.dashboardWarmUpPerClient, settings.dashboardReadsPerClient, counter, owner!),
      );
    }
    const reference: Reference = { name: `${health.name} req/s`, rate: summarise(runs.get(health.name)!.map((r) => r.rate)) };
    return {
      clients: settings.dashboardClients,
      users: settings.dashboardUsers,
      ownerEvents,
      events,
      requestsPerRun: Object.fromEntries(workloads.map((w) => [w.name, settings.dashboardReadsPerClient * w.users.length])),
      workloads: workloads.map((w) => figuresOf(w, runs.get(w.name)!, alone.get(w.name)!, w === health ? undefined : reference)),
    };
  } finally {
    counter.uninstall();
    for (const user of users) user.client.close();
    await runtime.stop();
  }
};
