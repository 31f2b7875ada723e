import { fork } from 'node:child_process';
import { createApiClient } from './api-client.ts';
import type { BareServerMessage } from './bare-insert-server.ts';
import type { BenchUser, RequestWorkload } from './command-workloads.ts';

// The bare HTTP INSERT baseline (bare-insert-server.ts) from the bench's side: its process started,
// its CPU read, and the workload that loads it with as many clients as the commands, each a keep-alive
// connection of its own, sending what create-goal sends.

export const BARE_INSERT_DESCRIPTION =
  'bare HTTP INSERT: a node:http server in a process of its own that parses the JSON body and commits one INSERT through a pg pool (no framework, auth or validation), loaded like the commands';

export interface BareInsertServer {
  url: string;
  users: BenchUser[];
  /** The server process's CPU (user + system) so far, in µs. */
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

export const startBareInsertServer = (databaseUrl: string, clients: number): Promise<BareInsertServer> =>
  new Promise((resolve, reject) => {
    const child = fork(new URL('./bare-insert-server.ts', import.meta.url).pathname, [databaseUrl, String(clients)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.once('exit', (code) => reject(new Error(`the bare HTTP INSERT server exited with ${code} before serving`)));
    const next = (type: string): Promise<Record<string, unknown>> =>
      new Promise((done) => {
        const listener = (message: Record<string, unknown>) => {
          if (message.type !== type) return;
          child.off('message', listener);
          done(message);
        };
        child.on('message', listener);
      });
    const send = (message: BareServerMessage) => child.send(message);
    void next('ready').then((ready) => {
      const url = ready.url as string;
      const users = Array.from({ length: clients }, (_, index): BenchUser => ({
        client: createApiClient(url),
        userId: `bare-${index}`,
        timezone: 'UTC',
        pendingSubtasks: [],
        pendingActionables: [],
        freshHabits: [],
        veteranHabits: [],
        completedHabits: [],
        backfillableHabits: [],
        completedVeterans: [],
        backfillableVeterans: [],
        accounts: [],
      }));
      resolve({
        url,
        users,
        async cpuMicros() {
          const answer = next('cpu');
          send({ type: 'cpu' });
          return (await answer).micros as number;
        },
        async stop() {
          for (const user of users) user.client.close();
          send({ type: 'stop' });
          const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
          await exited;
          clearTimeout(killer);
        },
      });
    });
  });

export const BARE_INSERT = 'bare-http-insert';

/** POST /insert with a goal's title, answered 201 once the row is committed. */
export const postBareInserts = (server: BareInsertServer): RequestWorkload => ({
  name: BARE_INSERT,
  request: 'POST /insert (bare node:http + pg, own process)',
  users: server.users,
  appends: false,
  send: async ({ client }, index) => void (await client.send('POST', '/insert', { body: { title: `Goal ${index}` }, expect: 201 })),
});
