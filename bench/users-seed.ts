import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/dist/app.js';
import type { Config } from '../apps/server/dist/config.js';
import { migrations } from '../apps/server/dist/db/migrations.js';
import {
  creationAudit,
  newConcurrencyStamp,
  normalize,
} from '../apps/server/dist/platform/data/audit.js';
import { withinTenant } from '../apps/server/dist/platform/data/data-scope.js';
import {
  BENCH_ADMIN_PASSWORD,
  BENCH_TENANT,
  BENCH_USER_PASSWORD,
  RARE_SURNAME,
} from './bench-shared.js';

/**
 * The users-list benchmark's data (issue 6): 100 000 users in the tenant `bench-users` and 1 000
 * other tenants beside it, each seeded as tenant creation seeds one (admin role, its grants, the
 * admin user) plus USERS_PER_OTHER_TENANT users. Rows go in through the server's own users
 * repository (`insertMany`), so `search_text` and the trigram index are what the server keeps.
 *
 * Seeding takes minutes on this machine, so a seeded database is kept as a template and copied
 * for each run: a file in BENCH_CACHE_DIR for SQLite, a template database for PostgreSQL. Its name
 * carries a digest of this file and of the migrations' names, so a change to either seeds anew.
 */
export const USERS_IN_TENANT = 100_000;
export const OTHER_TENANTS = 1_000;
const USERS_PER_OTHER_TENANT = 20;
/** Rows a statement: about 21 parameters each, under both engines' limits. */
const BATCH = 1_000;
/** Rows a transaction. */
const TRANSACTION = 10_000;
/** Every RARE_EVERY-th user of the bench tenant has the surname RARE_SURNAME (the selective filter). */
const RARE_EVERY = 10_000;

const given = [
  'Ana',
  'José',
  'María',
  'Luis',
  'Carmen',
  'Jesús',
  'Sofía',
  'Diego',
  'Lucía',
  'Andrés',
  'Valentina',
  'Ángel',
  'Camila',
  'Raúl',
  'Isabel',
  'Tomás',
  'Paula',
  'Héctor',
  'Elena',
  'Iván',
  'Renata',
  'Óscar',
  'Daniela',
  'Martín',
  'Inés',
  'Rubén',
  'Ximena',
  'Joaquín',
  'Noemí',
  'Emilio',
];
const family = [
  'García',
  'Hernández',
  'López',
  'Martínez',
  'González',
  'Pérez',
  'Rodríguez',
  'Sánchez',
  'Ramírez',
  'Cruz',
  'Flores',
  'Gómez',
  'Morales',
  'Vázquez',
  'Jiménez',
  'Reyes',
  'Díaz',
  'Torres',
  'Gutiérrez',
  'Ruiz',
  'Mendoza',
  'Aguilar',
  'Ortiz',
  'Castillo',
  'Núñez',
  'Romero',
  'Álvarez',
  'Chávez',
  'Rivera',
  'Domínguez',
];

/** A small deterministic generator (mulberry32): the same users every seeding. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ascii = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The `index`-th user of a tenant: half the addresses at example.com, half at correo.mx. */
function userRow(index: number, next: () => number, passwordHash: string, rare: boolean) {
  const name = given[Math.floor(next() * given.length)] as string;
  const surname = rare ? RARE_SURNAME : (family[Math.floor(next() * family.length)] as string);
  const userName = `${ascii(name)}.${ascii(surname)}.${index}`;
  const email = `${userName}@${index % 2 === 0 ? 'example.com' : 'correo.mx'}`;
  const phone = `+52 55 ${String(Math.floor(next() * 1e8)).padStart(8, '0')}`;
  return {
    id: crypto.randomUUID(),
    userName,
    normalizedUserName: normalize(userName),
    name,
    surname,
    email,
    normalizedEmail: normalize(email),
    emailConfirmed: next() < 0.7,
    phoneNumber: next() < 0.8 ? phone : null,
    passwordHash,
    securityStamp: crypto.randomUUID(),
    concurrencyStamp: newConcurrencyStamp(),
    ...creationAudit(),
  };
}

type App = Awaited<ReturnType<typeof buildApp>>;

async function insertUsers(app: App, tenantId: string, count: number, passwordHash: string) {
  const { data, users } = app.services;
  const next = random(count ^ tenantId.charCodeAt(0));
  for (let start = 0; start < count; start += TRANSACTION) {
    await withinTenant(tenantId, () =>
      data.transaction(async () => {
        const end = Math.min(count, start + TRANSACTION);
        for (let first = start; first < end; first += BATCH) {
          const batch = [];
          for (let index = first; index < Math.min(end, first + BATCH); index++) {
            batch.push(userRow(index, next, passwordHash, index % RARE_EVERY === RARE_EVERY - 1));
          }
          await users.insertMany(batch);
        }
      }),
    );
  }
}

/** Seeds an empty database (the app has migrated it and seeded the host). */
async function seed(app: App) {
  const { services } = app;
  const started = performance.now();
  const tenant = await services.tenantsService.create({
    name: BENCH_TENANT,
    adminEmailAddress: `admin@${BENCH_TENANT}.test`,
    adminPassword: BENCH_ADMIN_PASSWORD,
    isActive: true,
  });
  // One hash for every seeded user: none of them signs in during the bench.
  const passwordHash = await services.passwordHasher.hash(BENCH_USER_PASSWORD);
  await insertUsers(app, tenant.id, USERS_IN_TENANT, passwordHash);
  for (let index = 0; index < OTHER_TENANTS; index++) {
    const name = `bench-other-${String(index).padStart(4, '0')}`;
    const id = crypto.randomUUID();
    await services.data.transaction(async () => {
      await services.tenants.insert({
        id,
        name,
        normalizedName: normalize(name),
        isActive: true,
        extraProperties: '{}',
        concurrencyStamp: newConcurrencyStamp(),
        ...creationAudit(),
      });
      await services.identitySeeder.seedHashed(id, { email: `admin@${name}.test`, passwordHash });
    });
    await insertUsers(app, id, USERS_PER_OTHER_TENANT, passwordHash);
  }
  const { data } = services;
  // Planner statistics, as a database in service would have them (PostgreSQL's autovacuum;
  // SQLite's `optimize`); on PostgreSQL the visibility map too, for index-only scans. On SQLite
  // the search index merged, as the server keeps it (sqlite-fts-maintenance.ts): left as the
  // inserts leave it, each run's server spent its first 0.6 s merging it while the run began.
  if (data.dialect === 'postgres') await sql`vacuum analyze`.execute(data.db);
  else {
    await sql`insert into identity_users_search(identity_users_search) values ('optimize')`.execute(
      data.db,
    );
    await sql`analyze`.execute(data.db);
    await sql`pragma wal_checkpoint(truncate)`.execute(data.db);
  }
  return (performance.now() - started) / 1000;
}

/** Changes to this file or to the schema seed anew. */
const seedKey = createHash('sha256')
  .update(readFileSync(import.meta.filename))
  .update(Object.keys(migrations).join('\n'))
  .digest('hex')
  .slice(0, 12);

const cacheDir = process.env.BENCH_CACHE_DIR ?? join(tmpdir(), 'vineta-bench-cache');

export interface PreparedDatabase {
  /** `DATABASE_URL` for the run (undefined: the data directory's SQLite file). */
  databaseUrl: string | undefined;
  /** Seconds spent seeding (0: the template was there). */
  seededSeconds: number;
  /** Drops what the run created (PostgreSQL's fresh database). */
  drop(): Promise<void>;
}

async function seedInto(configFor: (url: string | undefined) => Config, url: string | undefined) {
  const app = await buildApp(configFor(url));
  try {
    // Seeding runs as the host, as tenant creation does.
    return await withinTenant(null, () => seed(app));
  } finally {
    await app.close();
  }
}

/**
 * The seeded database holds data encrypted with the data directory's key (the sign-in server's
 * signing keys): the key is kept beside the template and put in each run's data directory.
 */
function keepEncryptionKey(template: string, dataDir: string, justSeeded: boolean) {
  const kept = `${template}.key`;
  const current = join(dataDir, 'encryption.key');
  if (justSeeded) copyFileSync(current, kept);
  else copyFileSync(kept, current);
}

/** SQLite: the run's `vineta.sqlite` in `dataDir`, copied from the seeded template file. */
async function prepareSqlite(
  dataDir: string,
  configFor: (url: string | undefined) => Config,
): Promise<PreparedDatabase> {
  mkdirSync(cacheDir, { recursive: true });
  const template = join(cacheDir, `users-${seedKey}.sqlite`);
  let seededSeconds = 0;
  if (!existsSync(template) || !existsSync(`${template}.key`)) {
    const building = `${template}.${process.pid}.building`;
    seededSeconds = await seedInto(configFor, `sqlite:${building}`);
    rmSync(`${building}-wal`, { force: true });
    rmSync(`${building}-shm`, { force: true });
    renameSync(building, template);
  }
  copyFileSync(template, join(dataDir, 'vineta.sqlite'));
  keepEncryptionKey(template, dataDir, seededSeconds > 0);
  return { databaseUrl: undefined, seededSeconds, drop: async () => undefined };
}

/** PostgreSQL: a fresh database for the run, created from the seeded template database. */
async function preparePostgres(
  serverUrl: string,
  dataDir: string,
  configFor: (url: string | undefined) => Config,
): Promise<PreparedDatabase> {
  const urlOf = (database: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  mkdirSync(cacheDir, { recursive: true });
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const template = `vineta_bench_users_${seedKey}`;
    const exists = async (name: string) =>
      (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    let seededSeconds = 0;
    if (!(await exists(template)) || !existsSync(join(cacheDir, `${template}.key`))) {
      await admin.query(`drop database if exists ${template}`);
      const building = `${template}_${process.pid}`;
      await admin.query(`drop database if exists ${building}`);
      await admin.query(`create database ${building}`);
      seededSeconds = await seedInto(configFor, urlOf(building));
      await admin.query(`alter database ${building} rename to ${template}`);
    }
    keepEncryptionKey(join(cacheDir, template), dataDir, seededSeconds > 0);
    const fresh = `vineta_bench_run_${process.pid}_${Date.now()}`;
    await admin.query(`create database ${fresh} template ${template}`);
    return {
      databaseUrl: urlOf(fresh),
      seededSeconds,
      async drop() {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        try {
          await client.query(`drop database if exists ${fresh}`);
        } finally {
          await client.end();
        }
      },
    };
  } finally {
    await admin.end();
  }
}

/**
 * The database for a users-list run: a copy of the seeded template, seeding it first when missing.
 * `postgresUrl`: a PostgreSQL server (its database is only used to connect); else SQLite.
 */
export function prepareUsersDatabase(options: {
  dataDir: string;
  postgresUrl: string | undefined;
  configFor: (url: string | undefined) => Config;
}): Promise<PreparedDatabase> {
  return options.postgresUrl
    ? preparePostgres(options.postgresUrl, options.dataDir, options.configFor)
    : prepareSqlite(options.dataDir, options.configFor);
}
