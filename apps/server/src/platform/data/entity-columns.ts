import type { ColumnType, Generated } from 'kysely';

/** ABP's `IHasExtraProperties` and `IHasConcurrencyStamp`; extra properties are stored as JSON text. */
export interface ExtensibleColumns {
  extraProperties: ColumnType<string, string | undefined, string>;
  concurrencyStamp: string;
}

/** ABP's audit columns (`IAuditedObject`); times are ISO-8601 UTC text on both engines. */
export interface AuditedColumns {
  creationTime: string;
  creatorId: string | null;
  lastModificationTime: string | null;
  lastModifierId: string | null;
}

/** ABP's `ISoftDelete` plus deletion audit. */
export interface SoftDeleteColumns {
  isDeleted: Generated<boolean>;
  deleterId: string | null;
  deletionTime: string | null;
}

export type MultiTenantColumn = {
  tenantId: ColumnType<string | null, string | null | undefined, never>;
};
