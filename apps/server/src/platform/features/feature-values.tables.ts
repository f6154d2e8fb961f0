/** ABP's `AbpFeatureValues`: provider `T` keyed by tenant id ('' for the host). */
export interface FeatureValuesTable {
  id: string;
  name: string;
  value: string;
  providerName: string;
  providerKey: string;
}
