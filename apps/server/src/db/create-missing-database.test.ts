import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabaseIfMissing } from './create-missing-database.js';

// biome-ignore lint/style/noProcessEnv: CI's PostgreSQL pass names its server
const serverUrl = process.env.TEST_POSTGRES_URL;

/** The test server's URL on database `name`, as `user` when given. */
function urlOf(name: string, user?: string): string {
  const url = new URL(serverUrl ?? '');
  url.pathname = `/${encodeURIComponent(name)}`;
  if (user) url.username = user;
  return url.toString();
}

async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const exists = (name: string) =>
  onServer(async (client) => {
    const result = await client.query('select 1 from pg_database where datname = $1', [name]);
    return result.rowCount === 1;
  });

const unique = (prefix: string) =>
  `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
const created: string[] = [];
const roles: string[] = [];

afterAll(async () => {
  if (!serverUrl) return;
  await onServer(async (client) => {
    for (const name of created) {
      await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
    }
    for (const role of roles) await client.query(`drop role if exists ${role}`);
  });
});

describe.runIf(serverUrl)('createPostgresDatabaseIfMissing', () => {
  it('creates a database that does not exist, once, and leaves one that does', async () => {
    // A name that needs quoting: capitals and a space, which `create database` must keep.
    const name = unique('Vineta Tenant');
    created.push(name);
    expect(await exists(name)).toBe(false);

    expect(await createPostgresDatabaseIfMissing(urlOf(name))).toBe(true);
    expect(await exists(name)).toBe(true);
    expect(await createPostgresDatabaseIfMissing(urlOf(name))).toBe(false);
  });

  it('lets instances race: one creates, the others find it made', async () => {
    const name = unique('vineta_race');
    created.push(name);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => createPostgresDatabaseIfMissing(urlOf(name))),
    );
    expect(results.filter(Boolean)).toEqual([true]);
    expect(await exists(name)).toBe(true);
  });

  it('says the database is missing and may not be created, for a user without CREATEDB', async () => {
    const role = unique('vineta_nocreate');
    roles.push(role);
    await onServer((client) => client.query(`create role ${role} login nocreatedb`));
    const name = unique('vineta_refused');
    created.push(name);

    const refused = createPostgresDatabaseIfMissing(urlOf(name, role));
    await expect(refused).rejects.toThrow(
      `database "${name}" does not exist and could not be created: permission denied to create database`,
    );
    await expect(refused).rejects.toMatchObject({ code: '42501' });
    expect(await exists(name)).toBe(false);
  });

  it('throws what the driver says when the server cannot be reached', async () => {
    const unreachable = new URL(urlOf('anything'));
    unreachable.port = '1';
    await expect(createPostgresDatabaseIfMissing(unreachable.toString())).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });
});
