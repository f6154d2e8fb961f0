import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AuthorizationError } from '../errors/business-error.js';
import type { PermissionChecker, PermissionSubject } from './permission-checker.js';

function subjectOf(request: FastifyRequest): PermissionSubject | null {
  const user = request.currentUser;
  return user ? { userId: user.id, roles: user.roles, clientId: user.clientId } : null;
}

/**
 * Throws ABP's 401 to an anonymous caller and 403 to a signed-in one without the policy (an
 * expression of permission names with `||` and `&&`); for guards whose policy depends on the
 * request.
 */
export async function ensurePermission(
  checker: PermissionChecker,
  request: FastifyRequest,
  policy: string,
): Promise<void> {
  const subject = subjectOf(request);
  if (!subject) throw new AuthorizationError(false, policy);
  if (!(await checker.isGranted(subject, policy))) throw new AuthorizationError(true, policy);
}

/**
 * A route's `preHandler` with `ensurePermission`'s answers. A callback hook, not an async one: when
 * the caller's grants are cached the checker answers at once, and the request goes on without the
 * promises an async hook costs on every guarded request.
 */
export function requirePermission(checker: PermissionChecker, policy: string) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const subject = subjectOf(request);
    if (!subject) return done(new AuthorizationError(false, policy));
    const answer = (granted: boolean) =>
      done(granted ? undefined : new AuthorizationError(true, policy));
    const granted = checker.isGranted(subject, policy);
    if (typeof granted === 'boolean') return answer(granted);
    granted.then(answer, done);
  };
}

/** A route's `preHandler` for any signed-in user. */
export async function requireAuthenticated(request: FastifyRequest) {
  if (!request.currentUser) throw new AuthorizationError(false);
}
