import '@tracker/eventstore/testing/provided-context';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { onEmbeddedPostgresNotice, startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';

/** One real PostgreSQL for the whole run (or the one in TEST_DATABASE_URL). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.TEST_DATABASE_URL);
    return async () => undefined;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tracker-test-pg-'));
  // E.g. that PostgreSQL's programs were copied where its user can reach them (a checkout under /root).
  const unsubscribe = onEmbeddedPostgresNotice((message) => console.warn(`embedded PostgreSQL: ${message}`));
  const postgres = await startEmbeddedPostgres({ dir, persistent: false }).finally(unsubscribe);
  project.provide('adminDatabaseUrl', postgres.url());
  return async () => {
    await postgres.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
