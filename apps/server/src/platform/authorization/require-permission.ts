import type { FastifyRequest } from 'fastify';
import { AuthorizationError } from '../errors/business-error.js';
import type { PermissionChecker, PermissionSubject } from './permission-checker.js';

export function subjectOf(request: FastifyRequest): PermissionSubject | null {
  const user = request.currentUser;
  return user ? { userId: user.id, roles: user.roles, clientId: user.clientId } : null;
}

/**
 * A route's `preHandler`: answers 401 to an anonymous caller and 403 to a signed-in one without
 * the policy (an expression of permission names with `||` and `&&`).
 */
export function requirePermission(checker: PermissionChecker, policy: string) {
  return async (request: FastifyRequest) => {
    const subject = subjectOf(request);
    if (!subject) throw new AuthorizationError(false, policy);
    if (!(await checker.isGranted(subject, policy))) throw new AuthorizationError(true, policy);
  };
}

/** A route's `preHandler` for any signed-in user. */
export async function requireAuthenticated(request: FastifyRequest) {
  if (!request.currentUser) throw new AuthorizationError(false);
}
