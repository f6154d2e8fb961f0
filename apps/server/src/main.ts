import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { startFailureMessage } from './start-failure.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    // One line naming the variable and what is wrong, then a non-zero exit.
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

/** Ends the start with one line when the cause is the host's, not the code's (a stack otherwise). */
function failStart(error: unknown): never {
  const message = startFailureMessage(error, config);
  if (!message) throw error;
  console.error(message);
  process.exit(1);
}

let app: FastifyInstance;
try {
  app = await buildApp(config);
} catch (error) {
  failStart(error);
}
let closing = false;
let draining: NodeJS.Timeout | undefined;
function close(signal: NodeJS.Signals) {
  if (closing) return;
  closing = true;
  clearTimeout(draining);
  app.log.info({ signal }, 'closing');
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'close failed');
      process.exit(1);
    },
  );
}
// SIGTERM is an orchestrator's: it takes the instance out of its endpoints while the signal is on
// its way, so requests still come for a moment; readiness says 503 and they are served until the
// delay ends. Ctrl+C (SIGINT), or a second signal, closes at once.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (signal === 'SIGINT' || draining || config.shutdownDelaySeconds === 0) return close(signal);
    app.drain();
    app.log.info(
      { signal },
      `draining: /health/ready answers 503, closing in ${config.shutdownDelaySeconds} s`,
    );
    draining = setTimeout(() => close(signal), config.shutdownDelaySeconds * 1000);
  });
}
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  await app.close().catch(() => undefined);
  failStart(error);
}
// APP_URL is the public origin, which a proxy may map to another port than the one listened on.
app.log.info(`Viñeta is serving ${config.appUrl}, listening on ${listeningOn(app)}`);

function listeningOn(server: FastifyInstance): string {
  const address = server.server.address();
  if (!address || typeof address === 'string') return String(address);
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `${host}:${address.port}`;
}
