import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginWithPassword } from '#src/core/auth/auth-service';
import { getEnvironment } from '#src/core/environment';
import { loginInteraction } from '../api/login-interaction';
import { browserLocation } from './browser-location';
import { isSignInExpired, restartSignIn } from './sign-in-restart';
import { signInTarget } from './sign-in-target';

export interface SignInCredentials {
  username: string;
  password: string;
  rememberMe?: boolean;
}

/**
 * Signs in from an account screen. Serving the sign-in server's code-flow interaction
 * (`interactionId` in the URL), it posts the interaction's login and the browser follows the
 * server's `redirectTo` (or, the interaction expired, its authorization request again); the
 * promise then never settles, so the form stays busy while the page unloads. Otherwise it is the
 * password flow, then the return URL.
 */
export function useSignIn(): (credentials: SignInCredentials) => Promise<void> {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    async ({ username, password, rememberMe = false }) => {
      const interactionId = new URLSearchParams(search).get('interactionId');
      if (interactionId) {
        const answer = await loginInteraction(interactionId, {
          username,
          password,
          rememberMe,
        }).catch((error: unknown) => {
          // Expired while the user typed: begun again, the page reloads (sign-in-restart.ts).
          if (isSignInExpired(error) && restartSignIn(interactionId, username)) return undefined;
          throw error;
        });
        if (answer) browserLocation.assign(answer.redirectTo);
        return new Promise<never>(() => undefined);
      }
      await loginWithPassword({ username, password, rememberMe });
      const target = signInTarget(search, getEnvironment(), window.location.origin);
      if (target.startsWith('/')) navigate(target, { replace: true });
      else browserLocation.assign(target);
    },
    [navigate, search],
  );
}
