import { tablesOf } from '../data/transaction.js';
import type { SettingsTable } from './settings.tables.js';

/** Stored setting values of one provider and key (`G` and '', `T` and a tenant id, `U` and a user id). */
export function createSettingValueRepository(context: { query(): unknown }) {
  const data = tablesOf<{ settings: SettingsTable }>(context);
  return {
    async valuesOf(providerName: string, providerKey: string): Promise<Map<string, string>> {
      const rows = await data
        .query()
        .selectFrom('settings')
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
        .insertInto('settings')
        .values({ id: crypto.randomUUID(), name, value, providerName, providerKey })
        .onConflict((conflict) =>
          conflict.columns(['name', 'providerName', 'providerKey']).doUpdateSet({ value }),
        )
        .execute();
    },
    async delete(name: string, providerName: string, providerKey: string): Promise<void> {
      await data
        .query()
        .deleteFrom('settings')
        .where('name', '=', name)
        .where('providerName', '=', providerName)
        .where('providerKey', '=', providerKey)
        .execute();
    },
  };
}

export type SettingValueRepository = ReturnType<typeof createSettingValueRepository>;
