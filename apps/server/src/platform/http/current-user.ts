import type { MaybePromise } from '../async/maybe-promise.js';

/** The signed-in caller, from a verified access token (ABP's `ICurrentUser`). */
export interface CurrentUser {
  id: string;
  tenantId: string | null;
  userName: string;
  name: string | null;
  surName: string | null;
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
  roles: string[];
  clientId: string | null;
}

export interface CurrentTenant {
  id: string | null;
  name: string | null;
  isAvailable: boolean;
}

/**
 * Turns a request's credentials into the current user. The sign-in server supplies the real one;
 * `null` means anonymous, and a bad token is a 401 BusinessError (rejected, never thrown). The
 * answer comes at once when nothing needs looking up (no credentials, a cached token).
 */
export interface Authenticator {
  authenticate(request: {
    headers: Record<string, string | string[] | undefined>;
  }): MaybePromise<CurrentUser | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    culture: string;
    currentUser: CurrentUser | null;
    currentTenant: CurrentTenant;
  }
}
