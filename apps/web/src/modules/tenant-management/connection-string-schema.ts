import { requiredString } from '@vineta/contracts/common/fields';
import { TenantLimits } from '@vineta/contracts/tenant-management/tenant';
import { z } from 'zod';

const connectionString = requiredString(TenantLimits.maxConnectionStringLength);

/** Either the shared database, or a connection string (then required, at most 1024). */
export const connectionStringSchema = z
  .object({ useSharedDatabase: z.boolean(), connectionString: z.string() })
  .superRefine((values, ctx) => {
    if (values.useSharedDatabase) return;
    for (const issue of connectionString.safeParse(values.connectionString).error?.issues ?? []) {
      ctx.addIssue({
        ...(issue as object),
        path: ['connectionString'],
        input: values.connectionString,
      } as Parameters<typeof ctx.addIssue>[0]);
    }
  });

export type ConnectionStringValues = z.infer<typeof connectionStringSchema>;
