import { parseArgs } from 'node:util';
import type { PointsAudit } from '@tracker/contracts/points/audit';
import { createReadModelDb } from '@tracker/projections/db';
import { usersToAudit } from '@tracker/projections/points/audit.queries';
import { auditUser } from '../audit/auditor.ts';
import { loadConfig } from '../config/config.ts';
import { openCliRuntime } from './cli-runtime.ts';

// npm run audit -- --user EMAIL | --all [--json]: the points audit of GET /api/points/audit for any
// user, from the command line. Exit status 1 when any audit finds a mismatch, 2 on a usage error.

const usage = 'Usage: npm run audit -- (--user EMAIL | --all) [--json]';

interface AuditedUser {
  userId: string;
  email: string;
  audit: PointsAudit;
}

const pad = (text: string | number, width: number): string => String(text).padStart(width);

/** A table a person reads: one line per user, then each mismatch under its user. */
const formatTable = (results: readonly AuditedUser[]): string => {
  const emailWidth = Math.max(5, ...results.map((r) => r.email.length));
  const lines = [`${'email'.padEnd(emailWidth)}  ${pad('recorded', 10)}  ${pad('recomputed', 10)}  ${pad('ledger', 10)}  ${pad('entries', 7)}  verdict`];
  for (const { email, audit } of results) {
    lines.push(
      `${email.padEnd(emailWidth)}  ${pad(audit.recordedTotal, 10)}  ${pad(audit.recomputedTotal, 10)}  ${pad(audit.ledgerTotal, 10)}  ${pad(audit.entries.length, 7)}  ${
        audit.consistent ? 'consistent' : `${audit.mismatches.length} mismatch(es)`
      }`,
    );
    for (const m of audit.mismatches) {
      lines.push(`  at ${m.position ?? '(no event)'}: expected ${m.expected ?? '—'}, found ${m.found ?? '—'}: ${m.reason}`);
    }
  }
  const failing = results.filter((r) => !r.audit.consistent).length;
  lines.push('', failing === 0 ? `${results.length} user(s) audited, all consistent` : `${results.length} user(s) audited, ${failing} with mismatches`);
  return lines.join('\n');
};

const main = async (): Promise<number> => {
  let values: { user?: string | undefined; all?: boolean | undefined; json?: boolean | undefined };
  try {
    values = parseArgs({ options: { user: { type: 'string' }, all: { type: 'boolean' }, json: { type: 'boolean' } }, strict: true }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if ((values.user === undefined) === (values.all !== true)) {
    console.error(usage);
    return 2;
  }
  const runtime = await openCliRuntime(loadConfig());
  const readModels = createReadModelDb(runtime.databaseUrl, 'rm', 4);
  try {
    const users = await usersToAudit(readModels.db, values.user);
    if (values.user !== undefined && users.length === 0) {
      console.error(`No user with the e-mail ${values.user}`);
      return 2;
    }
    const results: AuditedUser[] = [];
    const started = Date.now();
    for (const user of users) {
      results.push({ userId: user.id, email: user.email, audit: await auditUser({ db: readModels.db, store: runtime.store }, user.id) });
      if (values.all && (results.length % 100 === 0 || results.length === users.length)) {
        const rate = (results.length * 1000) / Math.max(1, Date.now() - started);
        process.stderr.write(`audited ${results.length}/${users.length} users (${rate.toFixed(1)}/s)\n`);
      }
    }
    process.stdout.write(`${values.json ? JSON.stringify({ users: results }, null, 2) : formatTable(results)}\n`);
    return results.every((r) => r.audit.consistent) ? 0 : 1;
  } finally {
    await readModels.destroy();
    await runtime.close();
  }
};

process.exitCode = await main().catch((error: unknown) => {
  console.error(`audit failed: ${error instanceof Error ? error.message : String(error)}`);
  return 2;
});
