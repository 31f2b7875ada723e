import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { startTestApp } from './support/test-app.ts';

const worker = path.resolve(import.meta.dirname, 'support/cascade-crash-worker.ts');

/** Runs the worker until it dies; resolves with the signal that ended it. */
const runWorker = (databaseUrl: string, dataDir: string, killAfter: number): Promise<NodeJS.Signals | null> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', worker, databaseUrl, dataDir, String(killAfter)], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the worker never reached the cascade: ${stderr}`));
    }, 60_000);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      resolve(signal);
    });
  });

describe('the goals cascade across a crash', () => {
  it('after a kill -9 between a goal’s deletion and the end of its cascade, a restart deletes every child exactly once', async () => {
    const databaseUrl = await createTestDatabase('cascade_crash');
    const tasks: string[] = [];
    const subtasks: string[] = [];
    let goalId: string;
    // Build the hierarchy with everything running, then delete the goal with the API alone.
    const full = await startTestApp({ databaseUrl });
    const owner = await full.registerUser();
    try {
      goalId = (await full.json('POST', '/api/goals/goals', { token: owner.token, body: { title: 'Move house' } })).body.goal.id;
      for (let t = 0; t < 3; t++) {
        const task = await full.json('POST', '/api/goals/tasks', { token: owner.token, body: { goalId, title: `Room ${t}` } });
        tasks.push(task.body.task.id);
        for (let s = 0; s < 2; s++) {
          const subtask = await full.json('POST', '/api/goals/subtasks', { token: owner.token, body: { taskId: task.body.task.id, title: `Box ${t}.${s}` } });
          subtasks.push(subtask.body.subtask.id);
        }
      }
    } finally {
      await full.stop();
    }
    const apiOnly = await startTestApp({ role: 'api', databaseUrl, env: { READ_YOUR_WRITES_TIMEOUT_MS: '200' } });
    try {
      expect((await apiOnly.request('DELETE', `/api/goals/goals/${goalId}`, { token: owner.token })).status).toBe(204);
    } finally {
      await apiOnly.stop();
    }

    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cascade-crash-'));
    try {
      expect(await runWorker(databaseUrl, dataDir, 2)).toBe('SIGKILL');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }

    const restarted = await startTestApp({ databaseUrl, role: 'api' });
    const deletions = async (app: typeof restarted) =>
      (
        await sql<{ stream_id: string; type: string; n: string }>`
          SELECT stream_id, type, count(*)::text AS n FROM es.events
           WHERE type IN ('TaskDeleted', 'SubtaskDeleted') GROUP BY stream_id, type ORDER BY stream_id`.execute(app.runtime.readModels.db)
      ).rows;
    try {
      // Killed mid-cascade: two children deleted, the rest not.
      expect((await deletions(restarted)).length).toBe(2);
    } finally {
      await restarted.stop();
    }

    const recovered = await startTestApp({ databaseUrl });
    try {
      const rowsNow = () => deletions(recovered);
      await expect.poll(async () => (await rowsNow()).length, { timeout: 30_000 }).toBe(tasks.length + subtasks.length);
      const rows = await rowsNow();
      expect(rows.every((row) => row.n === '1')).toBe(true);
      expect(rows.map((row) => row.stream_id).sort()).toEqual([...tasks.map((id) => `task-${id}`), ...subtasks.map((id) => `subtask-${id}`)].sort());
      expect((await recovered.json('GET', '/api/goals/all-tasks', { token: owner.token })).body.tasks).toEqual([]);
      expect((await recovered.json('GET', '/api/goals/all-subtasks', { token: owner.token })).body.subtasks).toEqual([]);
    } finally {
      await recovered.stop();
    }
  });
});
