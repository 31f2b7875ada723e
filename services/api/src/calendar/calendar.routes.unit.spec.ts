import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Koa from 'koa';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppState } from '../http/app-state.ts';
import { requestContext } from '../http/request-context.ts';
import { calendarRoutes } from './calendar.routes.ts';

// The secret in a feed's URL is its credential: the request's log line must not hold it.

describe('the feed’s log line', () => {
  const lines: string[] = [];
  const log = pino(
    {},
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  const feedRoute = calendarRoutes.find((route) => route.name === 'getCalendarFeed')!;
  const app = new Koa<AppState>();
  app.use(requestContext(log, () => new Date()));
  // The route's own chain ahead of its handler, then a stand-in for the handler: no such feed.
  app.use(async (ctx) => {
    await feedRoute.before![0]!(ctx, async () => {
      ctx.status = 404;
    });
  });
  const server = app.listen(0);
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('shows the path with the secret cut to its first four characters', async () => {
    const secret = 'Zq3vJ8kP0wXyR5tU1nB7mC4dE6fG2hI9jK0lM3oP5qR';
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/calendar/feed/${secret}.ics`);
    expect(res.status).toBe(404);
    const line = lines.map((text) => JSON.parse(text) as { msg: string; path: string }).find((entry) => entry.msg === 'request');
    expect(line?.path).toBe('/api/calendar/feed/Zq3v…');
    expect(lines.join('\n')).not.toContain(secret.slice(4, 12));
  });
});
