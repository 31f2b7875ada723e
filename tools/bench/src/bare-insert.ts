import { createApiClient } from './api-client.ts';
import type { BareServerMessage } from './bare-insert-server.ts';
import { benchUser, type BenchUser, type RequestWorkload } from './command-workloads.ts';
import { forkServer } from './forked-server.ts';

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

export const startBareInsertServer = async (databaseUrl: string, clients: number): Promise<BareInsertServer> => {
  const { server, ready } = await forkServer<BareServerMessage>('./bare-insert-server.ts', [databaseUrl, String(clients)], 'bare HTTP INSERT server');
  const url = ready.url as string;
  const users = Array.from({ length: clients }, (_, index): BenchUser => benchUser(createApiClient(url), `bare-${index}`, 'UTC'));
  return {
    url,
    users,
    async cpuMicros() {
      const answer = server.next('cpu');
      server.send({ type: 'cpu' });
      return (await answer).micros as number;
    },
    async stop() {
      for (const user of users) user.client.close();
      await server.stop({ type: 'stop' });
    },
  };
};

export const BARE_INSERT = 'bare-http-insert';

/** POST /insert with a goal's title, answered 201 once the row is committed. */
export const postBareInserts = (server: BareInsertServer): RequestWorkload => ({
  name: BARE_INSERT,
  request: 'POST /insert (bare node:http + pg, own process)',
  users: server.users,
  appends: false,
  send: async ({ client }, index) => void (await client.send('POST', '/insert', { body: { title: `Goal ${index}` }, expect: 201 })),
});
