import { BusinessError } from '../../platform/errors/business-error.js';

/** ABP's feature-management errors; both are the caller's mistake, so 400. */
export const FeatureManagementErrors = {
  featureNotDefined: (name: string) =>
    new BusinessError('Volo.Abp.FeatureManagement:FeatureNotDefined', {
      status: 400,
      data: { 0: name },
    }),
  invalidFeatureValue: (name: string) =>
    new BusinessError('Volo.Abp.FeatureManagement:InvalidFeatureValue', {
      status: 400,
      data: { 0: name },
    }),
} as const;
