import { connect, createServer, type Socket } from 'node:net';

export interface TcpRelay {
  /** The local port that reaches the target while the relay is up. */
  port: number;
  /** Drops every connection and refuses new ones, as a database host that went away. */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  /**
   * Keeps every connection open but forwards nothing, as a server that hangs (frozen, or beyond
   * a partition): requests wait for answers that do not come.
   */
  stall(): void;
  /** Forwards again what waited and what follows. */
  resume(): void;
  close(): Promise<void>;
}

/**
 * A TCP relay on 127.0.0.1 to `target`, for tests that take a real server (PostgreSQL) away from
 * the application and give it back: the application connects to the relay's port.
 */
async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  const links = new Set<[Socket, Socket]>();
  let stalled = false;
  const join = ([client, upstream]: [Socket, Socket]) => client.pipe(upstream).pipe(client);
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const link: [Socket, Socket] = [client, upstream];
    links.add(link);
    for (const socket of link) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        links.delete(link);
      });
      // A reset on one side ends the other; the test only cares that the link is gone.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    if (!stalled) join(link);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
    );
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  const port = await listen(0);
  return {
    port,
    cut: stop,
    restore: async () => {
      await listen(port);
    },
    stall: () => {
      stalled = true;
      for (const [client, upstream] of links) {
        client.unpipe(upstream);
        upstream.unpipe(client);
      }
    },
    resume: () => {
      stalled = false;
      for (const link of links) join(link);
    },
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}

/**
 * A relay to the server a URL names (`redis://…`, `postgres://…`; `defaultPort` when it has none),
 * and the same URL, credentials and all, through the relay.
 */
export async function relayUrl(
  url: string,
  defaultPort: number,
): Promise<{ relay: TcpRelay; url: string }> {
  const through = new URL(url);
  const relay = await startTcpRelay({
    host: through.hostname,
    port: Number(through.port || defaultPort),
  });
  through.host = `127.0.0.1:${relay.port}`;
  return { relay, url: through.toString() };
}
