import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GetFeatureListResultDto } from '@vineta/contracts/feature-management/features';
import { http } from '#src/core/http/http';

export interface FeatureProvider {
  providerName: string;
  /** A tenant's id; absent for the host's own features. */
  providerKey?: string | undefined;
}

/** Query parameters; no `providerKey` at all means the host (the server reads no key as host). */
export const providerParams = ({ providerName, providerKey }: FeatureProvider) =>
  providerKey ? { providerName, providerKey } : { providerName };

export const featuresQueryKey = (provider: FeatureProvider) =>
  ['feature-management', 'features', provider.providerName, provider.providerKey ?? ''] as const;

/** `GET /api/feature-management/features?providerName=&providerKey=`. */
export function getFeatures(provider: FeatureProvider, signal?: AbortSignal) {
  return http.get<GetFeatureListResultDto>(
    '/api/feature-management/features',
    providerParams(provider),
    signal ? { signal } : {},
  );
}

export const featuresQueryOptions = (provider: FeatureProvider) =>
  queryOptions({
    queryKey: featuresQueryKey(provider),
    queryFn: ({ signal }) => getFeatures(provider, signal),
    // Values change from other screens and sessions: always read them fresh when the modal opens.
    staleTime: 0,
    gcTime: 0,
  });

export function useFeatures(provider: FeatureProvider) {
  return useQuery(featuresQueryOptions(provider));
}
