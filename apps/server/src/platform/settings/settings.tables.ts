/** ABP's `AbpSettings`: provider `G` (key ''), `T` (tenant id) or `U` (user id). */
export interface SettingsTable {
  id: string;
  name: string;
  value: string;
  providerName: string;
  providerKey: string;
}
