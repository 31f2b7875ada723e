import net from 'node:net';

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
