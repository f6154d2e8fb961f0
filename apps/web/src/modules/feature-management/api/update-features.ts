import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateFeaturesDto } from '@vineta/contracts/feature-management/features';
import { http } from '#src/core/http/http';
import { type FeatureProvider, featuresQueryKey, providerParams } from './get-features';

/** `PUT /api/feature-management/features`: only the changed values. */
export function updateFeatures(input: {
  provider: FeatureProvider;
  body: UpdateFeaturesDto;
}): Promise<void> {
  return http.request<void>({
    method: 'PUT',
    url: '/api/feature-management/features',
    params: providerParams(input.provider),
    body: input.body,
    skipHandleError: true,
  });
}

export function useUpdateFeatures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['feature-management', 'update-features'],
    mutationFn: updateFeatures,
    onSuccess: (_, { provider }) =>
      queryClient.invalidateQueries({ queryKey: featuresQueryKey(provider) }),
  });
}
