import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFeatures } from '../src/features.ts';
import type { AnyRoute } from '../src/http/api-router.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** A page cursor as the server makes them (base64url of JSON), around whatever a forger puts in. */
const forgedCursor = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Values an attacker or a careless client sends, whatever the field is meant to hold. */
const nasty = fc.oneof(
  fc.constantFrom(
    // Well-formed cursors around the edges: the calendar's ends, a year 1 instant, no uuid, wrong shapes.
    forgedCursor(['9999-12-31T09:59:59.999Z', 'ffffffff-ffff-4fff-bfff-ffffffffffff']),
    forgedCursor(['1900-01-01T12:00:00.000Z', '00000000-0000-4000-8000-000000000000']),
    forgedCursor(['0001-01-01T00:00:00Z', '00000000-0000-4000-8000-000000000000']),
    forgedCursor(['2026-01-01T00:00:00Z', 'not-a-uuid']),
    forgedCursor([1, 2]),
    forgedCursor({ createdAt: '2026-01-01T00:00:00Z' }),
    forgedCursor([]),
    '',
    ' ',
    'a\u0000',
    '\u0000',
    '\ud800',
    'x\udc00y',
    '\ud83d',
    '😀',
    '\u202e',
    "'; DROP TABLE es.events; --",
    '__proto__',
    '%00',
    '\\u0000',
    '0000-01-01',
    '2024-02-30',
    '1899-12-31',
    '10000-01-01',
    '9999-12-31',
    '9999-12-31T23:59:59.999Z',
    // Offsets that move an instant past the calendar's ends (10000-01-01 and 1899-12-31 in UTC), and the ends themselves.
    '9999-12-31T23:59:59-12:00',
    '1900-01-01T00:00:00+14:00',
    '9999-12-31T09:59:59.999Z',
    '9999-12-31T10:00:00Z',
    '1900-01-01T12:00:00Z',
    '1900-01-01T11:59:59.999Z',
    '0001-01-01T00:00:00Z',
    '2024-13-01',
    '2024-01-01T25:00:00Z',
    'someday',
    'NaN',
    '0x3',
    ' 2 ',
    '1e3',
    '-1',
    'true',
    'null',
    'Etc/GMT+14',
    'Mars/Olympus',
    'America/New_York',
    'pending',
    'completed',
    'in-progress',
    'archived',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constant('x'.repeat(300_000)),
  fc.integer(),
  fc.constantFrom(0, -1, 1, 3, 5, 6, 100_000, 100_001, 1_000_000, 1_000_001, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, -0, 0.5, 3.0000001),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  fc.constant(JSON.parse('{"__proto__": {"admin": true}}') as unknown),
);

// Sent as raw text: deeply nested values (parsers must not recurse without bound), broken JSON, smuggled escapes.
const rawBodies = [
  '',
  '{',
  'null',
  '[]',
  '"x"',
  '{"title":"a\\u0000"}',
  '{"title":"\\ud800"}',
  `{"title":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
];

interface SchemaParts {
  shape?: Record<string, unknown>;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  element?: unknown;
}

/** The field names of an object schema, looking through pipes (both ends) and unions (a body may be `{items}` or an array). */
const fieldsOf = (schema: unknown): string[] => {
  const parts = schema as SchemaParts | undefined;
  if (!parts) return [];
  if (parts.shape) return Object.keys(parts.shape);
  if (parts.in || parts.out) return [...new Set([...fieldsOf(parts.in), ...fieldsOf(parts.out)])];
  if (parts.options) return [...new Set(parts.options.flatMap(fieldsOf))];
  return [];
};

/** The field names of the items of a list inside a body (an import's items), if it has one. */
const itemFieldsOf = (schema: unknown): string[] => {
  const parts = schema as SchemaParts | undefined;
  if (!parts) return [];
  if (parts.element) return fieldsOf(parts.element);
  if (parts.shape) return Object.values(parts.shape).flatMap(itemFieldsOf);
  if (parts.in || parts.out) return [...new Set([...itemFieldsOf(parts.in), ...itemFieldsOf(parts.out)])];
  if (parts.options) return [...new Set(parts.options.flatMap(itemFieldsOf))];
  return [];
};

/** Bodies shaped like the route's contract (its field names, any values), plain junk, or nothing at all. */
const bodyFor = (route: AnyRoute, ids: string[]) => {
  const fields = [...fieldsOf(route.body), 'userId', 'id', 'pointsAwarded'];
  const itemFields = itemFieldsOf(route.body);
  const value = fc.oneof({ weight: 3, arbitrary: nasty }, { weight: 1, arbitrary: fc.constantFrom(...ids) });
  const record = (keys: string[]) => fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: keys.length });
  return fc.oneof(
    { weight: 6, arbitrary: record(fields) },
    // Lists of items shaped like the contract's (an import), wrapped or bare.
    ...(itemFields.length > 0
      ? [
          { weight: 3, arbitrary: fc.record({ [fieldsOf(route.body)[0] ?? 'items']: fc.array(record(itemFields), { maxLength: 4 }) }) },
          { weight: 2, arbitrary: fc.array(record(itemFields), { maxLength: 4 }) },
        ]
      : []),
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom(...rawBodies) },
  );
};

/** A path segment as sent; a lone surrogate cannot be encoded, so it goes as the bytes of one (invalid UTF-8). */
const segment = (value: string): string => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

const pathFor = (route: AnyRoute, ids: string[]) =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...ids),
        fc.constant(randomUUID()),
        nasty.filter((v): v is string => typeof v === 'string' && v.length < 200),
      ),
      {
        minLength: 3,
        maxLength: 3,
      },
    )
    .map(([a, b, c]) => {
      const values = [a, b, c];
      return route.path.replace(/:[A-Za-z]+/g, () => segment(values.shift() ?? ''));
    });

const routes = apiFeatures.flatMap((feature) => feature.routes);
const writeRoutes = routes.filter((route) => route.method !== 'get');
const readRoutes = routes.filter((route) => route.method === 'get');
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 25);

/** Parameters any read might be sent, whether or not it declares them. */
const commonParameters = ['startDate', 'endDate', 'timezone', 'date', 'limit', 'asOf', 'status', 'isHabit'];

/** A query string with the route's parameters (and common ones), each once, repeated (an array) or empty. */
const queryFor = (route: AnyRoute) => {
  const names = [...new Set([...fieldsOf(route.query), ...commonParameters])];
  const value = nasty.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
  return fc
    .array(fc.tuple(fc.constantFrom(...names), fc.array(value, { minLength: 1, maxLength: 2 })), { maxLength: names.length })
    .map((pairs) => pairs.flatMap(([name, values]) => values.map((v) => `${name}=${segment(v)}`)).join('&'));
};

const expectEveryProjectorAtTheHead = async (app: TestApp) =>
  expect
    .poll(
      async () => {
        const ready = await app.json('GET', '/api/ready');
        const behind = Object.entries(ready.body.projections as Record<string, { caughtUp: boolean }>).filter(([, p]) => !p.caughtUp);
        return { status: ready.status, behind: behind.map(([name]) => name), failing: ready.body.failing };
      },
      { timeout: 30_000, interval: 200 },
    )
    .toEqual({ status: 200, behind: [], failing: [] });

/** A user with a goal, a task and a subtask, and another user's goal: the ids paths are filled with. */
const seedIds = async (app: TestApp): Promise<{ token: string; ids: string[] }> => {
  const { token } = await app.registerUser();
  const goal = await app.json('POST', '/api/goals/goals', { token, body: { title: 'Fuzzed goal' } });
  const task = await app.json('POST', '/api/goals/tasks', { token, body: { goalId: goal.body.goal.id, title: 'Fuzzed task' } });
  const subtask = await app.json('POST', '/api/goals/subtasks', { token, body: { taskId: task.body.task.id, title: 'Fuzzed subtask' } });
  const other = await app.registerUser('Someone else');
  const othersGoal = await app.json('POST', '/api/goals/goals', { token: other.token, body: { title: 'Not yours' } });
  return { token, ids: [goal.body.goal.id, task.body.task.id, subtask.body.subtask.id, othersGoal.body.goal.id] };
};

/** Instants at the calendar's ends (INSTANT_MIN 1900-01-01T12:00Z, INSTANT_MAX 9999-12-31T09:59:59.999Z): on them, just inside, just outside, in the offsets that move them. */
const edgeInstant = fc.constantFrom(
  '9999-12-31T23:59:59-12:00',
  '1900-01-01T00:00:00+14:00',
  '9999-12-31T09:59:59.999Z',
  '9999-12-31T10:00:00.000Z',
  '9999-12-31T09:59:59.999+00:00',
  '9999-12-31T09:59:59.999-00:00',
  '9999-12-31T23:59:59.999+14:00',
  '9999-12-31T23:59:59.999+13:59',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59+00:00',
  '9999-12-31',
  '1900-01-01T12:00:00Z',
  '1900-01-01T11:59:59.999Z',
  '1900-01-01T12:00:00-00:00',
  '1900-01-01T00:00:00-12:00',
  '1900-01-01T00:00:00-11:59',
  '1900-01-01T00:00:00+00:00',
  '1900-01-01',
  '1900-01-02',
);
const HOUR = 3_600_000;
/** Around the import's own time: an imported completion may lie at most a day (IMPORT_CLOCK_SKEW_MS) after it. */
const aroundNow = fc.constantFrom(-24 * HOUR, -1, 0, 23 * HOUR, 25 * HOUR, 1000 * 24 * HOUR).map((ms) => new Date(Date.now() + ms).toISOString());
/** An import's streak: 0, the cap (IMPORT_STREAK_MAX 100,000) and the events' maximum (HABIT_STREAK_MAX 1,000,000), either side. */
const edgeStreak = fc.constantFrom(0, 1, 99_999, 100_000, 100_001, 999_999, 1_000_000, 1_000_001);
const INSTANT_FIELDS = ['deadline', 'dueDate', 'startDate', 'endDate', 'completedAt', 'lastCompletedAt'];
const edgeValue = (key: string) => {
  if (INSTANT_FIELDS.includes(key))
    return fc.oneof({ weight: 3, arbitrary: edgeInstant }, { weight: 1, arbitrary: aroundNow }, { weight: 1, arbitrary: fc.constant(null) });
  if (key === 'streak') return edgeStreak;
  if (key === 'isHabit') return fc.boolean();
  if (key === 'status') return fc.constantFrom('pending', 'in-progress', 'completed');
  return fc.constant('Edge');
};
const EDGE_KEYS = [...INSTANT_FIELDS, 'streak', 'isHabit', 'status', 'title'];
/** A body whose every field is either absent or valid but for the edges: so it reaches the decider and the store's guard. */
const edgeRecord = (fields: string[]) => {
  const keys = fields.filter((key) => EDGE_KEYS.includes(key));
  return fc.record(Object.fromEntries(keys.map((key) => [key, edgeValue(key)])), { requiredKeys: [] });
};
/** Users at both ends of the world's offsets, and at UTC (±00:00). */
const EDGE_ZONES = ['Etc/GMT+12', 'Pacific/Pago_Pago', 'UTC', 'Pacific/Kiritimati'];
type Kind = 'goals' | 'tasks' | 'subtasks' | 'actionables' | 'habits';
const kindOfPath = (path: string): Kind | undefined =>
  path.startsWith('/goals/goals/')
    ? 'goals'
    : path.startsWith('/goals/tasks/')
      ? 'tasks'
      : path.startsWith('/goals/subtasks/')
        ? 'subtasks'
        : path.startsWith('/actionables/habits/')
          ? 'habits'
          : path.startsWith('/actionables/:id')
            ? 'actionables'
            : undefined;

describe('every route under generated input: read routes their query strings, write routes their bodies', () => {
  let app: TestApp;
  let token: string;
  let ids: string[] = [];
  beforeAll(async () => {
    app = await startTestApp();
    ({ token, ids } = await seedIds(app));
  });
  afterAll(async () => app?.stop());

  it(`answers no 5xx to ${readRoutes.length} read routes × ${RUNS_PER_ROUTE} generated requests`, async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const route of readRoutes) {
      await fc.assert(
        fc.asyncProperty(pathFor(route, ids), queryFor(route), async (path, query) => {
          sent += 1;
          const response = await app.request('GET', `/api${path}${query ? `?${query}` : ''}`, { token });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status >= 500) failures.push(`GET ${path}?${query.slice(0, 300)} → ${response.status} ${await response.text()}`);
          else await response.arrayBuffer();
          return response.status < 500;
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
    expect(sent).toBe(readRoutes.length * RUNS_PER_ROUTE);
    // The generated queries reach the handlers: some are answered, some refused as bad input.
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
    await expectEveryProjectorAtTheHead(app);
    // A fixed amount of work (routes × runs) that a busy 2-core machine stretches past the default 30 s.
  }, 180_000);

  it(`answers no 5xx to ${writeRoutes.length} write routes × ${RUNS_PER_ROUTE} generated requests, and every projector stays at the head`, async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of writeRoutes) {
      await fc.assert(
        fc.asyncProperty(pathFor(route, ids), bodyFor(route, ids), async (path, body) => {
          sent += 1;
          const response = await app.request(route.method.toUpperCase(), `/api${path}`, {
            token,
            body: typeof body === 'string' ? body : JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
          });
          if (response.status >= 500)
            failures.push(`${route.method.toUpperCase()} ${path} ${JSON.stringify(body)?.slice(0, 300)} → ${response.status} ${await response.text()}`);
          else await response.arrayBuffer();
          return response.status < 500;
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
    expect(sent).toBe(writeRoutes.length * RUNS_PER_ROUTE);

    // Whatever was accepted was projected: every projector reaches the head, none is failing.
    await expectEveryProjectorAtTheHead(app);
  }, 180_000);

  // Routes that take an instant (or an import's history), then the completions that judge them.
  const edgeRoutes = [
    ...writeRoutes.filter((route) => [...fieldsOf(route.body), ...itemFieldsOf(route.body)].some((field) => INSTANT_FIELDS.includes(field))),
    ...writeRoutes.filter((route) => route.path.endsWith('/complete')),
  ];

  it(`answers no 5xx to instants at the calendar's ends and imported history at its limits: ${edgeRoutes.length} routes × ${EDGE_ZONES.length} zones × ${RUNS_PER_ROUTE}`, async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const zone of EDGE_ZONES) {
      const { token: own } = await app.registerUser(`In ${zone}`);
      expect((await app.json('PATCH', '/api/settings', { token: own, body: { timezone: zone } })).status).toBe(200);
      const pool: Record<Kind, string[]> = { goals: [], tasks: [], subtasks: [], actionables: [], habits: [] };
      const keep = (body: Record<string, any> | undefined) => {
        if (body?.goal?.id) pool.goals.push(body.goal.id);
        if (body?.task?.id) pool.tasks.push(body.task.id);
        if (body?.subtask?.id) pool.subtasks.push(body.subtask.id);
        for (const item of [body?.actionable, body?.habit, ...(body?.actionables ?? [])])
          if (item?.id) (item.isHabit ? pool.habits : pool.actionables).push(item.id);
      };
      keep((await app.json('POST', '/api/goals/goals', { token: own, body: { title: 'Edge goal' } })).body);
      keep((await app.json('POST', '/api/goals/tasks', { token: own, body: { title: 'Edge task', goalId: pool.goals[0] } })).body);
      keep((await app.json('POST', '/api/goals/subtasks', { token: own, body: { title: 'Edge subtask', taskId: pool.tasks[0] } })).body);
      keep((await app.json('POST', '/api/actionables/habits', { token: own, body: { title: 'Edge habit' } })).body);

      for (const route of edgeRoutes) {
        const itemFields = itemFieldsOf(route.body);
        const body = itemFields.length > 0 ? fc.array(edgeRecord(itemFields), { minLength: 1, maxLength: 3 }) : edgeRecord(fieldsOf(route.body));
        await fc.assert(
          fc.asyncProperty(body, fc.nat(), async (generated, pick) => {
            sent += 1;
            const kind = kindOfPath(route.path);
            const ids = kind === 'actionables' ? [...pool.actionables, ...pool.habits] : kind ? pool[kind] : [];
            const path = route.path.replace(':id', ids.length > 0 ? ids[pick % ids.length]! : randomUUID());
            // Links a create needs are the user's own; everything else is the generated edges.
            const links = route.path === '/goals/tasks' ? { goalId: pool.goals[0] } : route.path === '/goals/subtasks' ? { taskId: pool.tasks[0] } : {};
            const sentBody = Array.isArray(generated) ? generated : { ...generated, ...links };
            const response = await app.json(route.method.toUpperCase(), `/api${path}`, { token: own, body: sentBody });
            const answer = `${route.method.toUpperCase()} ${path} in ${zone} ${JSON.stringify(sentBody).slice(0, 400)} → ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`;
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            if (response.status >= 500) failures.push(answer);
            if (response.status < 300) keep(response.body);
            // A deadline still ahead is never late: full points (its local date can no longer sort before today's).
            const done = response.body?.actionable;
            if (
              route.path === '/actionables/:id/complete' &&
              response.status === 200 &&
              !done.isHabit &&
              done.deadline &&
              Date.parse(done.deadline) > Date.now()
            ) {
              const full = done.pointsToBeAwarded > 0 ? done.pointsToBeAwarded : 10 * done.weight;
              if (response.body.pointsAwarded !== full) failures.push(`late before its deadline: ${answer}`);
            }
            return response.status < 500;
          }),
          { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        );
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBe(edgeRoutes.length * EDGE_ZONES.length * RUNS_PER_ROUTE);
    // The edges reach the deciders: some are taken (the ends themselves), some refused (just past them).
    expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
    await expectEveryProjectorAtTheHead(app);
  }, 300_000);
});
