// npm run test:crash — the product as users run it (`npm start`, its own PostgreSQL), killed with
// SIGKILL (the whole process group) at random moments while clients complete subtasks, restarted
// each time. Like Jepsen's set checker: every acknowledged completion must be present exactly once,
// and the points ledger must hold exactly the awards of what was completed. Imports of 100 items run
// beside them: after every restart each import is there whole or not at all, and a retry under its
// Idempotency-Key completes it exactly once. Each user has a webhook on SubtaskCompleted to a receiver
// this process runs (it survives the kills; one answer in ten is a 503): after the rounds, every
// completion must have reached it at least once, signed, and its deduplication by event id (the
// webhook-id header) must see exactly one event per completed subtask.
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiAt, caughtUp, freePort, signalGroup, startNpm, type Running } from '../support/product-process.ts';

const KILLS = Number(process.env.CRASH_KILLS ?? 6);
const USERS = 4;
const SUBTASKS_PER_USER = 60;
const WORKERS = 8;
const IMPORTS_PER_USER = 6;
const IMPORT_ITEMS = 100;
const IMPORT_WORKERS = 1;

/** The webhook receiver: deliveries by event id (its deduplication), each checked against the user's secret. */
interface Receiver {
  port: number;
  secrets: Map<string, string>;
  /** Distinct event ids delivered, with the subtask each completed. */
  seen: Map<string, string>;
  deliveries: number;
  badSignatures: number;
  close(): Promise<void>;
}

const startReceiver = async (): Promise<Receiver> => {
  const server = http.createServer();
  const receiver: Receiver = {
    port: 0,
    secrets: new Map(),
    seen: new Map(),
    deliveries: 0,
    badSignatures: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (Math.random() < 0.1) return void res.writeHead(503).end();
      const body = Buffer.concat(chunks).toString('utf8');
      const secret = receiver.secrets.get(req.url ?? '');
      const id = String(req.headers['webhook-id']);
      const timestamp = String(req.headers['webhook-timestamp']);
      const expected =
        secret &&
        `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
          .update(`${id}.${timestamp}.${body}`)
          .digest('base64')}`;
      if (!expected || req.headers['webhook-signature'] !== expected) {
        receiver.badSignatures += 1;
        return void res.writeHead(400).end();
      }
      receiver.deliveries += 1;
      const event = JSON.parse(body) as { id: string; data: { subtaskId: string } };
      receiver.seen.set(event.id, event.data.subtaskId);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  return receiver;
};

const receiver = await startReceiver();
const start = (port: number, dataDir: string) =>
  startNpm(
    port,
    {
      DATA_DIR: dataDir,
      WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_RETRY_BASE_MS: '100',
      WEBHOOK_RETRY_MAX_MS: '1000',
      WEBHOOK_POLL_MS: '100',
    },
    '/api/health',
  );
const killGroup = (running: Running) => signalGroup(running, 'SIGKILL');

interface Subtask {
  id: string;
  token: string;
  points: number;
  /** Acknowledged: a 200 answered the completion. */
  acked: boolean;
}

interface Import {
  key: string;
  token: string;
  prefix: string;
  /** Acknowledged: a 201 answered it. */
  acked: boolean;
}

/** How many of the user's actionables carry each import's prefix (every page of the list). */
const importedCounts = async (call: ReturnType<typeof apiAt>, token: string, imports: Import[]): Promise<Map<Import, number>> => {
  const titles: string[] = [];
  let cursor: string | null | undefined;
  do {
    const { status, body } = await call('GET', `/actionables${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, token);
    if (status !== 200) throw new Error(`GET /actionables answered ${status}`);
    titles.push(...(body.actionables as Array<{ title: string }>).map((item) => item.title));
    cursor = body.nextCursor as string | null | undefined;
  } while (cursor);
  return new Map(imports.map((imported) => [imported, titles.filter((title) => title.startsWith(imported.prefix)).length]));
};

const main = async (): Promise<number> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tracker-crash-'));
  const port = await freePort();
  const call = apiAt(port, 15_000);
  let { running } = await start(port, dataDir);
  const subtasks: Subtask[] = [];
  const imports: Import[] = [];
  const tokens: string[] = [];
  try {
    for (let u = 0; u < USERS; u++) {
      const { body } = await call('POST', '/auth/register', undefined, {
        name: `Crash ${u}`,
        email: `crash.${u}.${randomUUID()}@example.com`,
        password: 'correct horse battery',
      });
      const token = body.token as string;
      tokens.push(token);
      const hook = await call('POST', '/webhooks', token, { url: `http://127.0.0.1:${receiver.port}/user-${u}`, events: ['SubtaskCompleted'] });
      if (hook.status !== 201) throw new Error(`POST /webhooks answered ${hook.status}`);
      receiver.secrets.set(`/user-${u}`, hook.body.webhook.secret as string);
      for (let i = 0; i < IMPORTS_PER_USER; i++) imports.push({ key: `import-${randomUUID()}`, token, prefix: `Import ${u}.${i} #`, acked: false });
      const goal = await call('POST', '/goals/goals', token, { title: `Goal ${u}` });
      const task = await call('POST', '/goals/tasks', token, { goalId: goal.body.goal.id, title: `Task ${u}` });
      for (let s = 0; s < SUBTASKS_PER_USER; s++) {
        const priority = 1 + (s % 5);
        const created = await call('POST', '/goals/subtasks', token, { taskId: task.body.task.id, title: `Subtask ${u}.${s}`, priority });
        subtasks.push({ id: created.body.subtask.id, token, points: 5 * (6 - priority), acked: false });
      }
    }

    let firstTimeRestarts = 0;
    let pending = [...subtasks];
    let pendingImports = [...imports];
    let partialImports = 0;
    for (let round = 1; round <= KILLS; round++) {
      let stop = false;
      const work = pending.sort(() => Math.random() - 0.5);
      let next = 0;
      const workers = Array.from({ length: WORKERS }, async () => {
        while (!stop && next < work.length) {
          const subtask = work[next++]!;
          // The same key on every try: a retry after a crash must not complete (or award) twice.
          const answer = await call('POST', `/goals/subtasks/${subtask.id}/complete`, subtask.token, undefined, `complete-${subtask.id}`).catch(
            () => undefined,
          );
          if (answer?.status === 200) {
            if (answer.body.pointsAwarded !== subtask.points && !subtask.acked)
              throw new Error(`subtask ${subtask.id} awarded ${answer.body.pointsAwarded}, expected ${subtask.points}`);
            subtask.acked = true;
          }
        }
      });
      const importWork = pendingImports.sort(() => Math.random() - 0.5);
      let nextImport = 0;
      const importers = Array.from({ length: IMPORT_WORKERS }, async () => {
        while (!stop && nextImport < importWork.length) {
          const imported = importWork[nextImport++]!;
          const items = Array.from({ length: IMPORT_ITEMS }, (_, n) => ({ title: `${imported.prefix}${n}`, weight: 1 + (n % 10) }));
          // The same key and body on every try.
          const answer = await call('POST', '/actionables/import', imported.token, items, imported.key).catch(() => undefined);
          if (answer?.status === 201) {
            if (answer.body.imported !== IMPORT_ITEMS) throw new Error(`import ${imported.key} answered ${answer.body.imported} items`);
            imported.acked = true;
          }
        }
      });
      await sleep(300 + Math.random() * 1700);
      await killGroup(running);
      stop = true;
      await Promise.all([...workers, ...importers]);
      const restarted = await start(port, dataDir);
      running = restarted.running;
      if (restarted.up) firstTimeRestarts += 1;
      else {
        process.stderr.write(`restart ${round} failed:\n${restarted.running.output.join('')}\n`);
        ({ running } = await start(port, dataDir));
      }
      pending = subtasks.filter((s) => !s.acked);
      pendingImports = imports.filter((i) => !i.acked);
      // Whatever the kill interrupted, each import is whole or absent once the read models have caught up.
      await caughtUp(call);
      for (const token of tokens) {
        const counts = await importedCounts(
          call,
          token,
          imports.filter((i) => i.token === token),
        );
        for (const [imported, count] of counts) {
          if (count !== 0 && count !== IMPORT_ITEMS) partialImports += 1;
          if (imported.acked && count !== IMPORT_ITEMS) partialImports += 1;
        }
      }
      process.stdout.write(
        `kill ${round}: ${subtasks.length - pending.length}/${subtasks.length} acknowledged, imports ${imports.length - pendingImports.length}/${imports.length}, restart ${restarted.up ? 'first time' : 'FAILED'}\n`,
      );
    }

    // Every user's view, read back after all the crashes, once the read models have caught up.
    await caughtUp(call);
    // The imports the last round left unanswered are retried under their keys: each completes exactly once.
    for (const imported of imports.filter((i) => !i.acked)) {
      const items = Array.from({ length: IMPORT_ITEMS }, (_, n) => ({ title: `${imported.prefix}${n}`, weight: 1 + (n % 10) }));
      const answer = await call('POST', '/actionables/import', imported.token, items, imported.key);
      if (answer.status !== 201) throw new Error(`import retry ${imported.key} answered ${answer.status}`);
      imported.acked = true;
    }
    let importsNotOnce = 0;
    for (const token of tokens)
      for (const count of (
        await importedCounts(
          call,
          token,
          imports.filter((i) => i.token === token),
        )
      ).values())
        if (count !== IMPORT_ITEMS) importsNotOnce += 1;
    let lost = 0;
    let doubled = 0;
    let wrongPoints = 0;
    let unacknowledgedButDone = 0;
    let ledger = 0;
    let expectedLedger = 0;
    for (const subtask of subtasks) {
      const { body } = await call('GET', `/goals/subtasks/${subtask.id}`, subtask.token);
      const completed = body.subtask.status === 'completed';
      const awards = (body.subtask.pointsHistory as Array<{ points: number }>).filter((entry) => entry.points > 0);
      if (subtask.acked && !completed) lost += 1;
      if (awards.length > 1) doubled += 1;
      if (completed && (awards.length !== 1 || awards[0]!.points !== subtask.points)) wrongPoints += 1;
      if (!subtask.acked && completed) unacknowledgedButDone += 1;
      ledger += (body.subtask.pointsHistory as Array<{ points: number }>).reduce((sum, entry) => sum + entry.points, 0);
      if (completed) expectedLedger += subtask.points;
    }
    // Webhooks: every completed subtask's SubtaskCompleted reaches the receiver (at least once), one event each.
    const completedIds = new Set<string>();
    for (const subtask of subtasks) {
      const { body } = await call('GET', `/goals/subtasks/${subtask.id}`, subtask.token);
      if (body.subtask.status === 'completed') completedIds.add(subtask.id);
    }
    const eventsPerSubtask = () => {
      const counts = new Map<string, number>();
      for (const subtaskId of receiver.seen.values()) counts.set(subtaskId, (counts.get(subtaskId) ?? 0) + 1);
      return counts;
    };
    const deliveredBy = Date.now() + 90_000;
    while ([...completedIds].some((id) => !eventsPerSubtask().has(id)) && Date.now() < deliveredBy) await sleep(250);
    const counts = eventsPerSubtask();
    const notDelivered = [...completedIds].filter((id) => !counts.has(id)).length;
    const notOnce = [...counts.values()].filter((n) => n !== 1).length;
    const deliveredNotCompleted = [...counts.keys()].filter((id) => !completedIds.has(id)).length;
    const webhooksOk = notDelivered === 0 && notOnce === 0 && deliveredNotCompleted === 0 && receiver.badSignatures === 0;
    const acked = subtasks.filter((s) => s.acked).length;
    const ok =
      webhooksOk &&
      lost === 0 &&
      doubled === 0 &&
      wrongPoints === 0 &&
      ledger === expectedLedger &&
      firstTimeRestarts === KILLS &&
      partialImports === 0 &&
      importsNotOnce === 0;
    process.stdout.write(
      [
        `kills: ${KILLS}, restarts first time: ${firstTimeRestarts}/${KILLS}`,
        `completions acknowledged: ${acked}/${subtasks.length}; done but never acknowledged (in flight at a kill): ${unacknowledgedButDone}`,
        `lost: ${lost}, doubled: ${doubled}, wrong points: ${wrongPoints}`,
        `ledger: ${ledger} points; awards of what is completed: ${expectedLedger}`,
        `imports of ${IMPORT_ITEMS}: ${imports.length}; partial after a restart: ${partialImports}; not present exactly once after the retries: ${importsNotOnce}`,
        `webhooks: ${completedIds.size} completions, ${receiver.seen.size} distinct events received in ${receiver.deliveries} signed deliveries (${receiver.deliveries - receiver.seen.size} repeats, deduplicated by event id); not delivered: ${notDelivered}, completions with other than one event: ${notOnce}, events for no completion: ${deliveredNotCompleted}, bad signatures: ${receiver.badSignatures}`,
        ok ? 'PASS' : 'FAIL',
      ].join('\n') + '\n',
    );
    return ok ? 0 : 1;
  } finally {
    await killGroup(running);
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  }
};

process.exitCode = await main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return 1;
});
