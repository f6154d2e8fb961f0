import pg from 'pg';

/** SQLSTATE: the database named in the connection does not exist. */
const INVALID_CATALOG_NAME = '3D000';
/**
 * It exists already: `duplicate_database`, or, when another session's `create database` of the
 * same name commits while this one runs, a unique violation on `pg_database` itself.
 */
const MADE_BY_ANOTHER = new Set(['42P04', '23505']);

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

async function withClient<T>(connectionString: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The same server, user and options, on another database. */
function onDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/**
 * Creates the PostgreSQL database a connection string names when the server says it does not
 * exist, as EF Core's `Migrate()` does for ABP's tenant databases; true when this call made it.
 * It is created from the server's maintenance database, with the string's user and password,
 * and owned by that user. Another instance creating it at the same moment is not an error. A
 * server that cannot be reached is thrown as the driver reported it; a database that cannot be
 * created (the user may not) says so, keeping the driver's SQLSTATE.
 */
export async function createPostgresDatabaseIfMissing(connectionString: string): Promise<boolean> {
  try {
    await withClient(connectionString, async () => undefined);
    return false;
  } catch (error) {
    if (codeOf(error) !== INVALID_CATALOG_NAME) throw error;
  }
  const name = decodeURIComponent(new URL(connectionString).pathname.slice(1));
  try {
    return await createFrom(connectionString, name, 'postgres');
  } catch (error) {
    // A server without the usual maintenance database: the template every server has.
    if (codeOf(error) !== INVALID_CATALOG_NAME) throw cannotCreate(name, error);
  }
  try {
    return await createFrom(connectionString, name, 'template1');
  } catch (error) {
    throw cannotCreate(name, error);
  }
}

/** `create database` sent from `maintenance`; false when another session made it meanwhile. */
async function createFrom(connectionString: string, name: string, maintenance: string) {
  try {
    return await withClient(onDatabase(connectionString, maintenance), async (client) => {
      await client.query(`create database ${client.escapeIdentifier(name)}`);
      return true;
    });
  } catch (error) {
    if (MADE_BY_ANOTHER.has(codeOf(error) as string)) return false;
    throw error;
  }
}

/** Says which database could not be created, keeping the driver's SQLSTATE. */
function cannotCreate(name: string, error: unknown): Error {
  const reason = error instanceof Error ? error.message : String(error);
  return Object.assign(
    new Error(`database "${name}" does not exist and could not be created: ${reason}`),
    { code: codeOf(error) },
  );
}
