import http from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { BASELINE_TABLE } from './workloads.ts';

// The stack's own limit for a write over HTTP: node:http, a JSON body parsed, one INSERT committed
// through a pg pool, a small JSON answer — no framework, no auth, no validation, no event store.
// What a command costs beyond this is the product's own. Run in a process of its own (fork), so its
// CPU is its own and the load client is elsewhere. Sends { url } once serving; exits on 'stop'; answers
// 'cpu' with the process's CPU (user + system, µs) so far.
// Arguments: <database url> <pool size>.

export type BareServerMessage = { type: 'cpu' } | { type: 'stop' };

const [databaseUrl, poolSize] = process.argv.slice(2) as [string, string];

const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(poolSize), application_name: 'bench-bare-http' });
pool.on('error', () => undefined);

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    void (async () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { title?: unknown };
        const id = randomUUID();
        const data = { goalId: id, title: body.title };
        await pool.query(
          `INSERT INTO ${BASELINE_TABLE} (stream_id, stream_revision, event_id, type, data, metadata) VALUES ($1, 0, $2, $3, $4::jsonb, $5::jsonb)`,
          [`goal-${id}`, id, 'GoalCreated', JSON.stringify(data), JSON.stringify({ occurredAt: new Date().toISOString() })],
        );
        const answer = JSON.stringify({ goal: data });
        response.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
        response.end(answer);
      } catch (error) {
        response.writeHead(500);
        response.end(String(error));
      }
    })();
  });
});
// As the product's: idle keep-alive sockets live 5 s (the bench's client closes them after 4).
server.keepAliveTimeout = 5_000;

// The commands section made the table already (createBaselineTable); the command budget may run without it.
await pool.query(`CREATE SCHEMA IF NOT EXISTS bench; CREATE TABLE IF NOT EXISTS ${BASELINE_TABLE} (LIKE es.events INCLUDING ALL)`);
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.send!({ type: 'ready', url: `http://127.0.0.1:${port}` });
});

process.on('message', (message: BareServerMessage) => {
  if (message.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send!({ type: 'cpu', micros: user + system });
  } else if (message.type === 'stop') {
    server.close();
    server.closeAllConnections();
    void pool.end().finally(() => process.exit(0));
  }
});
