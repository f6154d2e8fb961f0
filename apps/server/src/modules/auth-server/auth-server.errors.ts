import { BusinessError } from '../../platform/errors/business-error.js';

/**
 * The sign-in server's own errors. Those of ABP's account pages it serves (a disabled local
 * login, a failed sign-in, a request that is not this interaction's) are the account module's
 * (`AccountErrors`), the antiforgery refusal the platform's (`xsrfTokenInvalid`).
 */
export const AuthServerErrors = {
  /**
   * The interaction's cookie or record is gone: the page can start the authorization again
   * (`restartUrl`), as Keycloak restarts a timed-out login.
   */
  signInExpired: () => new BusinessError('Vineta:SignInExpired', { status: 400 }),
} as const;
