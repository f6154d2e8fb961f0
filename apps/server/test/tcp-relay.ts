import { connect, createServer, type Socket } from 'node:net';

export interface TcpRelay {
  /** The local port that reaches the target while the relay is up. */
  port: number;
  /** Drops every connection and refuses new ones, as a database host that went away. */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay on 127.0.0.1 to `target`, for tests that take a real server (PostgreSQL) away from
 * the application and give it back: the application connects to the relay's port.
 */
export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // A reset on one side ends the other; the test only cares that the link is gone.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
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
