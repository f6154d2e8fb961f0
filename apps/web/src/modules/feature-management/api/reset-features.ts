import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#src/core/http/http';
import { type FeatureProvider, featuresQueryKey, providerParams } from './get-features';

/** `DELETE /api/feature-management/features`: the provider's stored values go (ABP 5+). */
export function resetFeatures(provider: FeatureProvider): Promise<void> {
  return http.request<void>({
    method: 'DELETE',
    url: '/api/feature-management/features',
    params: providerParams(provider),
    skipHandleError: true,
  });
}

export function useResetFeatures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['feature-management', 'reset-features'],
    mutationFn: resetFeatures,
    onSuccess: (_, provider) =>
      queryClient.invalidateQueries({ queryKey: featuresQueryKey(provider) }),
  });
}
