import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { refreshAppConfiguration } from '../app-configuration/get-application-configuration';
import { toLocalPath } from '../routing/local-path';
import { loadAuthClient } from './auth-service';
import { removeRememberMe } from './remember-me';

/** The code flow's redirect URI: trade the code for tokens, then go where the user was going. */
export function SigninCallbackPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    void (async () => {
      const auth = await loadAuthClient();
      const { returnUrl } = await auth
        .completeSignin(location.href)
        .catch(() => ({ returnUrl: '/' }));
      removeRememberMe();
      await refreshAppConfiguration().catch(() => undefined);
      // The state's return address came back from the server: only a path here is followed.
      const target = returnUrl ? toLocalPath(returnUrl, location.origin) : undefined;
      if (active) navigate(target ?? '/home', { replace: true });
    })();
    return () => {
      active = false;
    };
  }, [navigate]);
  return null;
}

/** The post-logout redirect URI of the code flow. */
export function SignoutCallbackPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void (async () => {
      const auth = await loadAuthClient();
      await auth.completeSignout(location.href).catch(() => undefined);
      await refreshAppConfiguration().catch(() => undefined);
      navigate('/', { replace: true });
    })();
  }, [navigate]);
  return null;
}
