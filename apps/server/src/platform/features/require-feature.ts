import type { FastifyRequest } from 'fastify';
import { AuthorizationError } from '../errors/business-error.js';

/**
 * A route's `preHandler` (ABP's `[RequiresFeature]`): the current tenant's (or the host's) feature
 * must be on. Like ABP's `AbpAuthorizationException`, a refusal is 401 for an anonymous caller
 * and 403 otherwise; place it after the permission check so that 401 comes first.
 */
export function requireFeature(
  features: { isEnabled(name: string): Promise<boolean> },
  name: string,
) {
  return async (request: FastifyRequest) => {
    if (!(await features.isEnabled(name))) {
      throw new AuthorizationError(request.currentUser !== null, `feature:${name}`);
    }
  };
}
