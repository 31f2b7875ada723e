import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Goal } from '@tracker/contracts/goals/http';
import { createApiClient, type ApiClient } from './api-client.ts';
import { startBenchRuntime, waitUntilProjected } from './bench-runtime.ts';
import { registerUsers, type BenchUser } from './command-workloads.ts';
import { seedUserHistory } from '@tracker/api/testing/user-history';
import { median, percentile } from './measure.ts';

// The fairness section: one user's points audits (a heavy read over years of history) must not
// starve another user's commands. The other user's create + complete + summary is timed alone, then
// while the first user keeps `fairnessParallelAudits` audits in flight; the ratio of the two medians
// is the figure (aim: at most 2).

// A type, not an interface: the bench's settings are reported as a record of numbers.
export type FairnessSettings = {
  /** Items (goals and to-dos, about three events each) recorded for the auditing user, over a year. */
  fairnessItems: number;
  fairnessParallelAudits: number;
  /** The other user's create + complete + summary rounds, alone and during the audits (after a warm-up). */
  fairnessRounds: number;
  fairnessWarmUpRounds: number;
  /** Audits timed one after another, alone. */
  fairnessAuditsAlone: number;
};

export interface FairnessSection {
  items: number;
  events: number;
  entries: number;
  parallelAudits: number;
  rounds: number;
  /** One round of the other user: POST a goal, complete it, GET the dashboard summary. */
  roundAlone: { p50Ms: number; p99Ms: number };
  roundDuringAudits: { p50Ms: number; p99Ms: number };
  /** p50 during ÷ p50 alone. */
  ratio: number;
  /** Each audit a replay of its own (a new asOf each time, so nothing is answered from a cache). */
  auditAloneMs: number[];
  /** The same audit asked again at once (the log has not moved for this user). */
  auditRepeatMs: number;
  /** Audits answered while the parallel audits ran: their times, and how many were refused (429) and asked again. */
  auditDuringMs: number[];
  auditsRefused: number;
}

type Progress = (line: string) => void;

const DAYS = 365;
const HABIT_EVENTS_PER_DAY = 5 * 0.85 * 2;

interface AuditAnswer {
  audit: { entries: unknown[]; consistent: boolean; recordedTotal: number };
  /** Paged answers (after the audit was bounded): entries in the whole audit. */
  entryCount?: number;
}

/**
 * One audit as a client sees it: the first answer (the page the client shows first), asked with an
 * asOf of its own so the server replays (a distinct instant after every event, same verdict). A 429
 * is waited out (Retry-After) and asked again; answers the time of the accepted request.
 */
const auditOnce = async (client: ApiClient, asOf: string, onRefused: () => void): Promise<{ ms: number; answer: AuditAnswer }> => {
  for (;;) {
    const started = performance.now();
    const res = await client.send<AuditAnswer>('GET', `/api/points/audit?asOf=${encodeURIComponent(asOf)}`, { expect: [200, 429] });
    const ms = performance.now() - started;
    if (res.status === 200) {
      if (!res.body.audit.consistent) throw new Error('the bench user’s audit is not consistent');
      return { ms, answer: res.body };
    }
    onRefused();
    const retryAfter = Number(res.headers['retry-after'] ?? 1);
    await sleep(Math.max(0.05, Number.isFinite(retryAfter) ? retryAfter : 1) * 1000);
  }
};

/** The other user's round: a goal created and completed (two commands), then the dashboard summary. */
const round = async (client: ApiClient, index: number): Promise<number> => {
  const started = performance.now();
  const { body } = await client.send<{ goal: Goal }>('POST', '/api/goals/goals', { body: { title: `Fair goal ${index}` }, expect: 201 });
  await client.send('PATCH', `/api/goals/goals/${body.goal.id}`, { body: { status: 'completed' } });
  await client.send('GET', '/api/dashboard/summary');
  return performance.now() - started;
};

const rounds = async (client: ApiClient, count: number, from: number): Promise<number[]> => {
  const times: number[] = [];
  for (let n = 0; n < count; n++) times.push(await round(client, from + n));
  return times;
};

let asOfSequence = 0;
/** A distinct instant after every seeded event (they are all before today), so each audit is a replay of its own. */
const freshAsOf = (): string => new Date(Date.now() + 86_400_000 + asOfSequence++).toISOString();

export const measureFairness = async (databaseUrl: string, settings: FairnessSettings, progress: Progress): Promise<FairnessSection> => {
  const runtime = await startBenchRuntime(databaseUrl);
  const users: BenchUser[] = [];
  try {
    const [auditor, bystander] = [...(await registerUsers(runtime.url, 'auditor', 1)), ...(await registerUsers(runtime.url, 'bystander', 1))];
    users.push(auditor!, bystander!);
    // seedUserHistory records about three events per item, beside five daily habits.
    const events = Math.round((settings.fairnessItems / DAYS) * 3 * DAYS + HABIT_EVENTS_PER_DAY * DAYS);
    progress(`fairness: seeding about ${settings.fairnessItems} items (${events} events) over ${DAYS} days for the auditing user`);
    const appended = await seedUserHistory(runtime.store, { userId: auditor!.userId, timezone: auditor!.timezone, events, days: DAYS });
    await waitUntilProjected(auditor!.client, 600_000);

    const ignoreRefusal = () => undefined;
    progress('fairness: audits alone');
    const first = await auditOnce(auditor!.client, freshAsOf(), ignoreRefusal);
    const auditAloneMs: number[] = [];
    for (let n = 0; n < settings.fairnessAuditsAlone; n++) auditAloneMs.push((await auditOnce(auditor!.client, freshAsOf(), ignoreRefusal)).ms);
    const repeated = freshAsOf();
    await auditOnce(auditor!.client, repeated, ignoreRefusal);
    const auditRepeatMs = (await auditOnce(auditor!.client, repeated, ignoreRefusal)).ms;

    progress('fairness: the other user alone');
    await rounds(bystander!.client, settings.fairnessWarmUpRounds, 0);
    const alone = await rounds(bystander!.client, settings.fairnessRounds, settings.fairnessWarmUpRounds);

    progress(`fairness: the other user during ${settings.fairnessParallelAudits} parallel audits`);
    // A connection of its own per audit loop (like tabs), all with the auditor's token.
    const auditClients = Array.from({ length: settings.fairnessParallelAudits }, () => {
      const client = createAuditClient(runtime.url, auditor!);
      users.push(client);
      return client.client;
    });
    let done = false;
    let auditsRefused = 0;
    const auditDuringMs: number[] = [];
    const loops = auditClients.map(async (client) => {
      while (!done) {
        // Counted even when it ends after the rounds: it was asked while they ran.
        auditDuringMs.push((await auditOnce(client, freshAsOf(), () => auditsRefused++)).ms);
      }
    });
    // Let every audit get under way first.
    await sleep(200);
    const during = await rounds(bystander!.client, settings.fairnessRounds, settings.fairnessWarmUpRounds + settings.fairnessRounds);
    done = true;
    await Promise.all(loops);

    const p = (values: number[]) => ({ p50Ms: percentile(values, 50), p99Ms: percentile(values, 99) });
    const section: FairnessSection = {
      items: settings.fairnessItems,
      events: appended,
      entries: first.answer.entryCount ?? first.answer.audit.entries.length,
      parallelAudits: settings.fairnessParallelAudits,
      rounds: settings.fairnessRounds,
      roundAlone: p(alone),
      roundDuringAudits: p(during),
      ratio: Number((percentile(during, 50) / percentile(alone, 50)).toFixed(2)),
      auditAloneMs,
      auditRepeatMs,
      auditDuringMs,
      auditsRefused,
    };
    progress(
      `fairness: round p50 alone ${section.roundAlone.p50Ms.toFixed(1)} ms, during audits ${section.roundDuringAudits.p50Ms.toFixed(1)} ms (×${section.ratio})`,
    );
    return section;
  } finally {
    for (const user of users) user.client.close();
    await runtime.stop();
  }
};

const createAuditClient = (url: string, auditor: BenchUser): BenchUser => {
  const client = createApiClient(url);
  client.token = auditor.client.token;
  return { ...auditor, client };
};

const formatMs = (value: number): string => value.toFixed(value < 10 ? 2 : 0);
const describeTimes = (values: number[]): string =>
  values.length === 0 ? 'none' : `median ${formatMs(median(values))} ms, max ${formatMs(Math.max(...values))} ms (${values.length} answered)`;

export const formatFairness = (section: FairnessSection): string[] => [
  `Fairness: one user's points audit (${section.items.toLocaleString('en-US')} items, ${section.events.toLocaleString('en-US')} events, ${section.entries.toLocaleString('en-US')} audit entries) beside another user's commands`,
  `  other user's round (POST goal, complete it, GET dashboard summary), ${section.rounds} rounds each:`,
  `    alone:                          p50 ${formatMs(section.roundAlone.p50Ms)} ms, p99 ${formatMs(section.roundAlone.p99Ms)} ms`,
  `    during ${section.parallelAudits} parallel audits:       p50 ${formatMs(section.roundDuringAudits.p50Ms)} ms, p99 ${formatMs(section.roundDuringAudits.p99Ms)} ms`,
  `    ratio of the p50s:              ${section.ratio.toFixed(2)} (aim: at most 2)`,
  `  audit (first answer, a new asOf each, so a replay each):`,
  `    alone:                          ${describeTimes(section.auditAloneMs)}`,
  `    asked again at once (same asOf): ${formatMs(section.auditRepeatMs)} ms`,
  `    ${section.parallelAudits} in parallel:                  ${describeTimes(section.auditDuringMs)}; ${section.auditsRefused} refused (429) and asked again after Retry-After`,
  '',
];
