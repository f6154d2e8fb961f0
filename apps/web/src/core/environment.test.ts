import { describe, expect, it, vi } from 'vitest';
import { loadEnvironment, mergeRemoteEnvironment, parseEnvironment } from './environment';

const origin = 'https://app.vineta.test';

describe('environment', () => {
  it('has the defaults of the product', () => {
    const environment = parseEnvironment({}, origin);
    expect(environment.application).toEqual({ name: 'Viñeta', baseUrl: origin });
    expect(environment.oAuthConfig).toEqual({
      issuer: origin,
      clientId: 'Vineta_App',
      scope: 'openid profile email phone roles offline_access Vineta',
      flow: 'password',
      redirectUri: `${origin}/signin-oidc`,
      postLogoutRedirectUri: `${origin}/signout-callback-oidc`,
    });
    expect(environment.tenantKey).toBe('__tenant');
    expect(environment.apis.default.url).toBe('');
    expect(environment.remoteEnv).toBeUndefined();
  });

  it('reads the Vite variables and refuses an unknown flow', () => {
    const environment = parseEnvironment(
      {
        VITE_APP_NAME: 'Demo',
        VITE_OAUTH_FLOW: 'code',
        VITE_REMOTE_ENV_URL: '/env.json',
        VITE_REMOTE_ENV_MERGE: 'overwrite',
      },
      origin,
    );
    expect(environment.application.name).toBe('Demo');
    expect(environment.oAuthConfig.flow).toBe('code');
    expect(environment.remoteEnv).toEqual({ url: '/env.json', mergeStrategy: 'overwrite' });
    expect(() => parseEnvironment({ VITE_OAUTH_FLOW: 'implicit' }, origin)).toThrow(
      /VITE_OAUTH_FLOW/,
    );
    expect(() => parseEnvironment({ VITE_APP_NAME: 3, PROD: 'yes' }, origin)).toThrow(
      'Invalid environment variables: PROD, VITE_APP_NAME',
    );
    expect(
      parseEnvironment({ VITE_OAUTH_FLOW: ' ', VITE_APP_NAME: ' Demo ' }, origin),
    ).toMatchObject({ application: { name: 'Demo' }, oAuthConfig: { flow: 'password' } });
  });

  it('merges the remote environment deeply or overwrites it', () => {
    const local = parseEnvironment({}, origin);
    const remote = { application: { name: 'Remote' } } as never;
    const merged = mergeRemoteEnvironment(local, remote, 'deepmerge');
    expect(merged.application).toEqual({ name: 'Remote', baseUrl: origin });
    const overwritten = mergeRemoteEnvironment(local, remote, 'overwrite');
    expect(overwritten.application).toEqual({ name: 'Remote' });
    expect(overwritten.oAuthConfig).toEqual(local.oAuthConfig);
  });

  it('fetches the remote environment and keeps the local one when it fails', async () => {
    const local = parseEnvironment({ VITE_REMOTE_ENV_URL: '/env.json' }, origin);
    const ok = vi.fn(async () => Response.json({ tenantKey: 'tenant' }));
    await expect(loadEnvironment(local, ok)).resolves.toMatchObject({ tenantKey: 'tenant' });
    const failing = vi.fn(async () => new Response('', { status: 500 }));
    await expect(loadEnvironment(local, failing)).resolves.toBe(local);
  });
});
