import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

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

const app = await buildApp(config);
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'close failed');
        process.exit(1);
      },
    );
  });
}
await app.listen({ port: config.port, host: config.host });
app.log.info(`Viñeta is serving ${config.appUrl}`);
