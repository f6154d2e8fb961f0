import { tablesOf } from '../data/transaction.js';
import type { FeatureValuesTable } from './feature-values.tables.js';

/** Stored feature values of one provider and key (`T` and a tenant id, or '' for the host). */
export function createFeatureValueRepository(context: { query(): unknown }) {
  const data = tablesOf<{ featureValues: FeatureValuesTable }>(context);
  return {
    async valuesOf(providerName: string, providerKey: string): Promise<Map<string, string>> {
      const rows = await data
        .query()
        .selectFrom('featureValues')
        .select(['name', 'value'])
        .where('providerName', '=', providerName)
        .where('providerKey', '=', providerKey)
        .execute();
      return new Map(rows.map((row) => [row.name, row.value]));
    },
    async set(
      name: string,
      value: string,
      providerName: string,
      providerKey: string,
    ): Promise<void> {
      await data
        .query()
        .insertInto('featureValues')
        .values({ id: crypto.randomUUID(), name, value, providerName, providerKey })
        .onConflict((conflict) =>
          conflict.columns(['name', 'providerName', 'providerKey']).doUpdateSet({ value }),
        )
        .execute();
    },
    async deleteAll(providerName: string, providerKey: string, names?: string[]): Promise<void> {
      let query = data
        .query()
        .deleteFrom('featureValues')
        .where('providerName', '=', providerName)
        .where('providerKey', '=', providerKey);
      if (names) query = query.where('name', 'in', names);
      await query.execute();
    },
  };
}

export type FeatureValueRepository = ReturnType<typeof createFeatureValueRepository>;
