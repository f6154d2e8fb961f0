import { tablesOf } from './transaction.js';

/** ABP's provider-keyed value rows (`AbpSettings`, `AbpFeatureValues`): one shape, two tables. */
interface ProviderValuesTable {
  id: string;
  name: string;
  value: string;
  providerName: string;
  providerKey: string;
}

type ProviderValueTableName = 'settings' | 'featureValues';

/** Values stored for one provider and key, e.g. (`T`, a tenant id) or (`G`, ''). */
export function createProviderValueRepository(
  context: { query(): unknown },
  table: ProviderValueTableName,
) {
  const data = tablesOf<Record<ProviderValueTableName, ProviderValuesTable>>(context);
  return {
    async valuesOf(providerName: string, providerKey: string): Promise<Map<string, string>> {
      const rows = await data
        .query()
        .selectFrom(table)
        .select(['name', 'value'])
        .where('providerName', '=', providerName)
        .where('providerKey', '=', providerKey)
        .execute();
      return new Map(rows.map((row) => [row.name, row.value]));
    },
    async set(name: string, value: string, providerName: string, providerKey: string) {
      await data
        .query()
        .insertInto(table)
        .values({ id: crypto.randomUUID(), name, value, providerName, providerKey })
        .onConflict((conflict) =>
          conflict.columns(['name', 'providerName', 'providerKey']).doUpdateSet({ value }),
        )
        .execute();
    },
    /** Removes the named values of the provider and key, or all of them. */
    async deleteAll(providerName: string, providerKey: string, names?: string[]) {
      let query = data
        .query()
        .deleteFrom(table)
        .where('providerName', '=', providerName)
        .where('providerKey', '=', providerKey);
      if (names) query = query.where('name', 'in', names);
      await query.execute();
    },
  };
}

export type ProviderValueRepository = ReturnType<typeof createProviderValueRepository>;
