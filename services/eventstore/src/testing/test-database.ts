import './provided-context.ts';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** A fresh, empty database on the test run's PostgreSQL; its connection string. */
export const createTestDatabase = async (label = 'test'): Promise<string> => {
  const admin = inject('adminDatabaseUrl');
  const name = `${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
};
