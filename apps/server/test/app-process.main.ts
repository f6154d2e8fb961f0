import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { AppProcessSpec } from './app-process.js';

// The child side of app-process.ts: main.ts's start, with the test's configuration and timings.
const spec = JSON.parse(process.argv[2] ?? '{}') as AppProcessSpec;
const config = { ...loadConfig(spec.env), database: spec.database };
const app = await buildApp(config, { webRoot: '/nonexistent', mailOutbox: spec.mailOutbox });
process.once('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address });
