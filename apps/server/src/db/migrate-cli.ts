import { loadConfig } from '../config.js';
import { createRawKysely } from './database.js';
import { migrateDown, migrateToLatest } from './migrate.js';

// `npm run db:migrate` and `db:migrate:down`: the same migrations the server runs at start.
const direction = process.argv[2] === 'down' ? 'down' : 'up';
const config = loadConfig(process.env);
const db = createRawKysely(config.database);
try {
  const applied = direction === 'down' ? await migrateDown(db) : await migrateToLatest(db);
  console.log(applied.length ? applied.join('\n') : 'Nothing to migrate.');
} finally {
  await db.destroy();
}
