import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { type Kysely, type Migration, sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { evalFromSources } from '../../test/node-from-sources.js';
import { waitFor } from '../../test/smtp-test-server.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { createRawKysely } from './database.js';
import { migrateToLatest } from './migrate.js';

// A start that dies or fails halfway through an upgrade must leave the schema as it was, so that
// the next start (or a second instance starting beside it) can finish the upgrade.

let database: TestDatabase;
const opened: Kysely<unknown>[] = [];
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
  await database.drop();
});

const connect = () => {
  const db = createRawKysely(database.target);
  opened.push(db);
  return db;
};

const createTable = (name: string) => (db: Kysely<unknown>) =>
  db.schema
    .createTable(name)
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .execute();

const first: Migration = { up: createTable('first_table') };
const second: Migration = {
  async up(db) {
    await createTable('second_table')(db);
    await db.schema.createIndex('ix_second').on('second_table').column('id').execute();
  },
};

const applied = async (db: Kysely<unknown>) =>
  (
    await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
  ).rows.map((row) => row.name);

it('leaves nothing of a run whose migration failed halfway, and the next run applies it all', async () => {
  const db = connect();
  const failing: Migration = {
    async up(target) {
      await createTable('second_table')(target);
      throw new Error('the power went out');
    },
  };
  await expect(migrateToLatest(db, { '1-first': first, '2-second': failing })).rejects.toThrow(
    'the power went out',
  );
  const tables = (await db.introspection.getTables()).map((table) => table.name);
  expect(tables).not.toContain('first_table');
  expect(tables).not.toContain('second_table');

  expect(await migrateToLatest(db, { '1-first': first, '2-second': second })).toEqual([
    'Up 1-first',
    'Up 2-second',
  ]);
  expect(await applied(db)).toEqual(['1-first', '2-second']);
});

it('applies each migration once when two instances start on the same database at once', async () => {
  const set = { '1-first': first, '2-second': second };
  const [one, other] = await Promise.all([
    migrateToLatest(connect(), set),
    migrateToLatest(connect(), set),
  ]);
  // One of them ran both; the other found nothing left to do.
  expect([one, other].sort((a, b) => a.length - b.length)).toEqual([
    [],
    ['Up 1-first', 'Up 2-second'],
  ]);
  expect(await applied(connect())).toEqual(['1-first', '2-second']);
});

it('finishes, from the next start, an upgrade whose process was killed inside a migration', async () => {
  // The child creates a table, says so, and waits inside the migration until it is killed.
  const script = `
    import { createRawKysely } from ${JSON.stringify(join(import.meta.dirname, 'database.ts'))};
    import { migrateToLatest } from ${JSON.stringify(join(import.meta.dirname, 'migrate.ts'))};
    const target = JSON.parse(process.argv[1]);
    await migrateToLatest(createRawKysely(target), {
      '1-first': { up: (db) => db.schema.createTable('first_table').addColumn('id', 'integer').execute() },
      '2-second': {
        async up(db) {
          await db.schema.createTable('second_table').addColumn('id', 'integer').execute();
          console.log('inside');
          await new Promise(() => {});
        },
      },
    });`;
  const child = spawn(process.execPath, evalFromSources(script, JSON.stringify(database.target)), {
    env: {},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await waitFor(() => output.includes('inside') || child.exitCode !== null, { timeoutMs: 20_000 });
  expect(output).toContain('inside');
  child.kill('SIGKILL');
  await exited;

  const db = connect();
  expect(await migrateToLatest(db, { '1-first': first, '2-second': second })).toEqual([
    'Up 1-first',
    'Up 2-second',
  ]);
  expect(await applied(db)).toEqual(['1-first', '2-second']);
}, 30_000);
