import { deepMerge } from './deep-merge';

export type OAuthFlow = 'password' | 'code';
export type RemoteEnvMergeStrategy = 'deepmerge' | 'overwrite';

/** What the app needs to know before it talks to the server (ABP's `Environment`). */
export interface Environment {
  production: boolean;
  application: { name: string; baseUrl: string; logoUrl?: string };
  oAuthConfig: {
    issuer: string;
    clientId: string;
    scope: string;
    flow: OAuthFlow;
    redirectUri: string;
    postLogoutRedirectUri: string;
  };
  apis: { default: { url: string } };
  tenantKey: string;
  remoteEnv?: { url: string; mergeStrategy: RemoteEnvMergeStrategy };
}

/** The code flow's callback routes; the sign-in server registers them as the client's URIs. */
export const signinCallbackPath = '/signin-oidc';
export const signoutCallbackPath = '/signout-callback-oidc';

const flows: readonly OAuthFlow[] = ['password', 'code'];
const mergeStrategies: readonly RemoteEnvMergeStrategy[] = ['deepmerge', 'overwrite'];

/** Vite's variables the app reads; all optional. */
export interface EnvironmentVariables {
  PROD?: boolean;
  VITE_APP_NAME?: string;
  VITE_APP_BASE_URL?: string;
  VITE_APP_LOGO_URL?: string;
  VITE_OAUTH_FLOW?: OAuthFlow;
  VITE_OAUTH_ISSUER?: string;
  VITE_OAUTH_CLIENT_ID?: string;
  VITE_OAUTH_SCOPE?: string;
  VITE_API_URL?: string;
  VITE_TENANT_KEY?: string;
  VITE_REMOTE_ENV_URL?: string;
  VITE_REMOTE_ENV_MERGE?: RemoteEnvMergeStrategy;
}

/**
 * Checks Vite's variables by hand rather than with zod: the start-up chunk renders the sign-in
 * page, and any zod there would carry the zod core that the lazy pages' contract schemas use
 * (docs/decisions/006-preact-compat.md). Strings are trimmed; an empty one counts as unset.
 */
function readVariables(variables: Record<string, unknown>): EnvironmentVariables {
  const invalid: string[] = [];
  const text = (name: keyof EnvironmentVariables): string | undefined => {
    const value = variables[name];
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value.trim();
    invalid.push(name);
    return undefined;
  };
  const oneOf = <T extends string>(name: keyof EnvironmentVariables, allowed: readonly T[]) => {
    const value = text(name);
    if (!value) return undefined;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    invalid.push(name);
    return undefined;
  };
  if (variables.PROD !== undefined && typeof variables.PROD !== 'boolean') invalid.push('PROD');
  const read: EnvironmentVariables = {
    ...(typeof variables.PROD === 'boolean' ? { PROD: variables.PROD } : {}),
    VITE_APP_NAME: text('VITE_APP_NAME'),
    VITE_APP_BASE_URL: text('VITE_APP_BASE_URL'),
    VITE_APP_LOGO_URL: text('VITE_APP_LOGO_URL'),
    VITE_OAUTH_FLOW: oneOf('VITE_OAUTH_FLOW', flows),
    VITE_OAUTH_ISSUER: text('VITE_OAUTH_ISSUER'),
    VITE_OAUTH_CLIENT_ID: text('VITE_OAUTH_CLIENT_ID'),
    VITE_OAUTH_SCOPE: text('VITE_OAUTH_SCOPE'),
    VITE_API_URL: text('VITE_API_URL'),
    VITE_TENANT_KEY: text('VITE_TENANT_KEY'),
    VITE_REMOTE_ENV_URL: text('VITE_REMOTE_ENV_URL'),
    VITE_REMOTE_ENV_MERGE: oneOf('VITE_REMOTE_ENV_MERGE', mergeStrategies),
  };
  if (invalid.length > 0) throw new Error(`Invalid environment variables: ${invalid.join(', ')}`);
  return read;
}

/** Parses Vite's variables once; an unknown flow or merge strategy fails with the variable's name. */
export function parseEnvironment(variables: Record<string, unknown>, origin: string): Environment {
  const v = readVariables(variables);
  const baseUrl = v.VITE_APP_BASE_URL || origin;
  const issuer = (v.VITE_OAUTH_ISSUER || origin).replace(/\/+$/, '');
  return {
    production: v.PROD ?? true,
    application: {
      name: v.VITE_APP_NAME || 'Viñeta',
      baseUrl,
      ...(v.VITE_APP_LOGO_URL ? { logoUrl: v.VITE_APP_LOGO_URL } : {}),
    },
    oAuthConfig: {
      issuer,
      clientId: v.VITE_OAUTH_CLIENT_ID || 'Vineta_App',
      scope: v.VITE_OAUTH_SCOPE || 'openid profile email phone roles offline_access Vineta',
      flow: v.VITE_OAUTH_FLOW ?? 'password',
      redirectUri: `${origin}${signinCallbackPath}`,
      postLogoutRedirectUri: `${origin}${signoutCallbackPath}`,
    },
    apis: { default: { url: (v.VITE_API_URL ?? '').replace(/\/+$/, '') } },
    tenantKey: v.VITE_TENANT_KEY || '__tenant',
    ...(v.VITE_REMOTE_ENV_URL
      ? {
          remoteEnv: {
            url: v.VITE_REMOTE_ENV_URL,
            mergeStrategy: v.VITE_REMOTE_ENV_MERGE ?? 'deepmerge',
          },
        }
      : {}),
  };
}

/** Applies ABP's remote environment: `overwrite` replaces, `deepmerge` merges key by key. */
export function mergeRemoteEnvironment(
  local: Environment,
  remote: Partial<Environment>,
  strategy: RemoteEnvMergeStrategy,
): Environment {
  return strategy === 'overwrite' ? { ...local, ...remote } : deepMerge(local, remote);
}

/** Fetches the remote environment when one is configured; a failure keeps the local one. */
export async function loadEnvironment(
  local: Environment,
  fetcher: typeof fetch = fetch,
): Promise<Environment> {
  if (!local.remoteEnv) return local;
  try {
    const response = await fetcher(local.remoteEnv.url, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return local;
    const remote = (await response.json()) as Partial<Environment>;
    return mergeRemoteEnvironment(local, remote, local.remoteEnv.mergeStrategy);
  } catch {
    return local;
  }
}

let current: Environment | undefined;

export function setEnvironment(environment: Environment): void {
  current = environment;
}

export function getEnvironment(): Environment {
  if (!current) {
    current = parseEnvironment(import.meta.env, globalThis.location?.origin ?? 'http://localhost');
  }
  return current;
}
