import net from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { signInWithToken } from './browser.ts';

/**
 * A TCP relay between a browser and the app: the connection a test can cut, as a lost network does.
 * The browser's offline emulation and `context.route` stop what the page sends itself, but not every
 * path out of the browser (twice in CI a completion made offline reached the server with both on, its
 * request reported aborted): cut here, nothing the browser sends reaches the server.
 */
export interface ConnectionRelay {
  /** The app's address through the relay: what the browser opens. */
  url: string;
  /** Ends every open connection and resets each new one, after reading the first line of its request. */
  cut(): void;
  restore(): void;
  /** The request lines ("PATCH /api/… HTTP/1.1") the browser sent while the connection was cut. */
  triedWhileCut: string[];
  close(): Promise<void>;
}

export const startConnectionRelay = async (appUrl: string): Promise<ConnectionRelay> => {
  const target = new URL(appUrl);
  const open = new Set<net.Socket>();
  const triedWhileCut: string[] = [];
  let isCut = false;

  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const server = net.createServer((client) => {
    track(client);
    if (isCut) {
      client.once('data', (chunk) => {
        triedWhileCut.push(chunk.toString('latin1').split('\r\n', 1)[0]!);
        client.resetAndDestroy();
      });
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      isCut = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    restore() {
      isCut = false;
    },
    triedWhileCut,
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
};

/** A signed-in browser run's connection to its app, through a relay the spec can cut (`useCuttableConnection`). */
export interface CuttableConnection {
  /** The app's address through the relay: what the page opens. */
  site(): string;
  /** The connection goes: the browser says it is offline, and nothing it sends reaches the server. */
  goOffline(): Promise<void>;
  goOnline(): Promise<void>;
  /** The request lines the browser sent while the connection was cut. */
  triedWhileCut(): string[];
}

/**
 * For a spec file's signed-in browser run (call it right after `useSignedInBrowser`): the page is
 * signed in again at a relay in front of the app, opened before the file's tests and closed after them.
 */
export const useCuttableConnection = (run: { app: { url: string }; page: Page; context: BrowserContext; token: string }): CuttableConnection => {
  let relay: ConnectionRelay | undefined;
  beforeAll(async () => {
    relay = await startConnectionRelay(run.app.url);
    await signInWithToken(run.page, relay.url, run.token);
  });
  afterAll(() => relay?.close());
  const opened = (): ConnectionRelay => {
    if (!relay) throw new Error('the relay opens in beforeAll: use the connection inside tests and hooks');
    return relay;
  };
  return {
    site: () => opened().url,
    async goOffline() {
      opened().cut();
      await run.context.setOffline(true);
    },
    async goOnline() {
      opened().restore();
      await run.context.setOffline(false);
    },
    triedWhileCut: () => opened().triedWhileCut,
  };
};
