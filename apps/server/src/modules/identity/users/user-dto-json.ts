import { type RawBuilder, sql } from 'kysely';
import { parseExtraProperties } from '../../../platform/data/extra-properties.js';
import type { IdentityUserRow } from '../identity.tables.js';

/**
 * A users-list item written by the database: `IdentityUserDto` as JSON text, built by
 * `json_object` (SQLite) or `row_to_json` (PostgreSQL) from the row, with
 * `extraProperties` left out and read beside it as the stored text.
 *
 * Why: a page of 10 users is 220 values, and each went through the driver into a JavaScript
 * value, then through the row plugins, the DTO mapper and the reply serializer: about half of a
 * list request's own CPU (decision 010). Built by the database, a row is one string and a page
 * is their concatenation.
 *
 * The JSON must say what `toIdentityUserDto` says for the same row (`user-dto-json.test.ts`
 * compares the two for every kind of value, on both databases): same keys and values, booleans
 * as booleans on SQLite too, `isLockedOut` from `lockoutEnd` against the request's time.
 */
export interface UserDtoJsonRow {
  json: string;
  extraProperties: string;
}

/**
 * The DTO's fields that are a column of the same name, in the DTO's order (the users list reads
 * these and `extraProperties`). `isLockedOut` comes after `accessFailedCount`.
 */
export const userDtoColumns = [
  'id',
  'tenantId',
  'userName',
  'name',
  'surname',
  'email',
  'emailConfirmed',
  'phoneNumber',
  'phoneNumberConfirmed',
  'isActive',
  'lockoutEnabled',
  'lockoutEnd',
  'accessFailedCount',
  'concurrencyStamp',
  'creationTime',
  'creatorId',
  'lastModificationTime',
  'lastModifierId',
  'isDeleted',
  'deleterId',
  'deletionTime',
] as const satisfies readonly (keyof IdentityUserRow)[];
/** SQLite stores these as 0 and 1; they must be written as JSON's true and false. */
const booleanFields = new Set<string>([
  'emailConfirmed',
  'phoneNumberConfirmed',
  'isActive',
  'lockoutEnabled',
  'isDeleted',
]);

/**
 * The JSON of `table`'s row (an alias of `identity_users` or of a subquery with its columns).
 * `now` is the request's time as an ISO string: `lockoutEnd` is always written by
 * `Date#toISOString` (sign-in.service.ts), so comparing the texts compares the instants
 * (byte order on PostgreSQL, whatever the database's collation).
 */
export function userDtoJson(
  dialect: 'sqlite' | 'postgres',
  table: string,
  now: unknown,
): RawBuilder<string> {
  const column = (field: string) => sql.ref(`${table}.${field}`);
  const postgres = dialect === 'postgres';
  // `json('true')` has no column in it, so SQLite computes it once per statement, not per row
  // as `json(iif(…, 'true', 'false'))` did (a page of 10: 3 µs of a 33 µs statement).
  const boolean = (condition: RawBuilder<unknown>) =>
    postgres ? condition : sql`iif(${condition}, json('true'), json('false'))`;
  const value = (field: string) =>
    booleanFields.has(field) ? boolean(sql`${column(field)}`) : column(field);
  const lockoutEnd = postgres ? sql`${column('lockoutEnd')} collate "C"` : column('lockoutEnd');
  const isLockedOut = boolean(
    sql`(${column('lockoutEnabled')} and ${column('lockoutEnd')} is not null and ${lockoutEnd} > ${now})`,
  );
  const fields = userDtoColumns.flatMap((field) => {
    const pair = { field, value: value(field) };
    return field === 'accessFailedCount'
      ? [pair, { field: 'isLockedOut', value: isLockedOut }]
      : [pair];
  });
  if (!postgres) {
    return sql<string>`json_object(${sql.join(fields.map((f) => sql`${sql.lit(f.field)}, ${f.value}`))})`;
  }
  // `row_to_json` of a one-row subquery whose columns are named as the DTO's fields, not
  // `json_build_object`: that one works out each of its 44 arguments' types again for every
  // row, and writes spaces around every colon and after every comma. pgbench on the bench's
  // template (a first page of 10, one client): 55–70 µs of the backends' CPU a query against
  // 72–87 (decision 010).
  // Raw, not `sql.id`: the camel-case plugin would turn the names into the columns' snake case.
  // They are this file's own constants.
  const columns = fields.map((f) => sql`${f.value} as ${sql.raw(`"${f.field}"`)}`);
  return sql<string>`(select row_to_json(item) from (select ${sql.join(columns)}) as item)::text`;
}

/**
 * The item's JSON with its extra properties: the stored text as `parseExtraProperties` reads it
 * (a damaged value is none), parsed only when it holds something.
 */
export function userDtoJsonItem(row: UserDtoJsonRow): string {
  const extra =
    row.extraProperties === '{}' ? '{}' : JSON.stringify(parseExtraProperties(row.extraProperties));
  return `${row.json.slice(0, row.json.lastIndexOf('}'))},"extraProperties":${extra}}`;
}
