import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyBaseLogger } from 'fastify';
import { errors, type FindAccount, type Provider } from 'oidc-provider';
import {
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
} from '../../../platform/data/database-unavailable.js';
import type { OutageBody } from '../provider/outage-answers.js';
import type { SignInRequest } from '../sessions/sign-in-request.js';
import { type PasswordGrant, retryAfterOf } from './grants/password.grant.js';
import { refreshOnModels } from './grants/refresh-token.shortcut.js';
import { readBodyOnce } from './request-body.js';

/** Larger bodies are no refresh request of ours; the provider reads (and limits) them itself. */
const BODY_LIMIT = 4096;
const FORM = /^application\/x-www-form-urlencoded\s*(;\s*charset="?utf-8"?\s*)?$/i;
/**
 * Exactly these parameters, once each (`scope` optional for the password grant): anything else,
 * a refresh token's scope narrowing included, is the provider's.
 */
const PARAMETERS: Record<string, { required: string[]; optional: string[] }> = {
  refresh_token: { required: ['grant_type', 'client_id', 'refresh_token'], optional: [] },
  password: { required: ['grant_type', 'client_id', 'username', 'password'], optional: ['scope'] },
};
/** Scope values the provider's own syntax check (`isValidScope`) could not refuse. */
const PLAIN_SCOPE = /^[A-Za-z0-9_.:/-]+( [A-Za-z0-9_.:/-]+)*$/;
/** Errors are JSON unless the caller prefers HTML (the provider then renders a page). */
const JSON_ACCEPT = /^(\*\/\*|application\/json)?$/i;
/** Client authentication, sender constraints and attestation are the provider's to check. */
const PROVIDER_HEADERS = [
  'authorization',
  'dpop',
  'oauth-client-attestation',
  'oauth-client-attestation-pop',
  'transfer-encoding',
];

/** What oidc-provider's error handler answers for an unexpected failure. */
const SERVER_ERROR = JSON.stringify({
  error: 'server_error',
  error_description: 'oops! something went wrong',
});

interface TokenEndpointShortcutDeps {
  provider(): Provider;
  passwordGrant(): PasswordGrant;
  findAccount: FindAccount;
  /** The provider's `clientBasedCORS` decision for a browser's Origin. */
  allowedOrigin(origin: string): boolean;
  /** Runs a refresh's writes as one unit (a transaction on SQLite; as they come elsewhere). */
  writeTogether?<T>(work: () => Promise<T>): Promise<T>;
  /** A grant the database could not serve: it may succeed when tried again (Retry-After). */
  outageBody(request: SignInRequest): Promise<OutageBody>;
  log: FastifyBaseLogger;
}

/**
 * `POST /connect/token` for the two grants the web app uses all day, from the public web client,
 * served without oidc-provider's Koa stack (docs/decisions/007-token-endpoint-shortcut.md):
 * the refresh grant on the provider's own models (grants/refresh-token.shortcut.ts) and the
 * password grant, which is ours anyway (grants/password.grant.ts), answering its errors as the
 * provider's error handler would. Every other request, and every refresh that is not the ordinary
 * case (an unknown, expired, reused or sender-bound token, a narrowed scope, another client
 * authentication, an Origin the client does not allow), goes to the provider unchanged: `serve`
 * answers false having written nothing, and leaves the body it read on `request.body`, which the
 * provider's body parser takes instead of the drained stream.
 */
export function createTokenEndpointShortcut(deps: TokenEndpointShortcutDeps) {
  /**
   * oidc-provider's error handler: an exposed OAuth error as such, anything else a 500; and, as
   * every path of the sign-in server does, a database outage `temporarily_unavailable` (the
   * password grant's own 503 carries the database's error as its cause).
   */
  async function failure(
    error: unknown,
    request: () => SignInRequest,
  ): Promise<{ status: number; json: string; retryAfter?: number }> {
    if (isDatabaseUnavailable(error)) {
      deps.log.warn({ err: error }, 'database unavailable');
      return {
        status: 503,
        json: JSON.stringify(await deps.outageBody(request())),
        retryAfter: RETRY_AFTER_SECONDS,
      };
    }
    if (error instanceof errors.OIDCProviderError && error.expose) {
      const detail = (error as { error_detail?: string }).error_detail;
      deps.log.debug({ error: error.message, detail }, 'grant refused');
      const scope = (error as { scope?: string }).scope;
      return {
        status: error.statusCode,
        retryAfter: retryAfterOf(error),
        json: JSON.stringify({
          error: error.message,
          ...(error.error_description !== undefined
            ? { error_description: error.error_description }
            : {}),
          ...(scope !== undefined ? { scope } : {}),
        }),
      };
    }
    deps.log.error({ err: error }, 'sign-in server error');
    return { status: 500, json: SERVER_ERROR };
  }

  return async function serve(
    request: IncomingMessage,
    response: ServerResponse,
    signInRequest: () => SignInRequest,
  ) {
    const headers = request.headers;
    if (!FORM.test(headers['content-type'] ?? '')) return false;
    if (PROVIDER_HEADERS.some((name) => headers[name] !== undefined)) return false;
    const length = Number(headers['content-length']);
    if (!Number.isInteger(length) || length <= 0 || length > BODY_LIMIT) return false;

    const body = await readBodyOnce(request);
    if (body.length !== length) return false;
    const params = parseQuery(body.toString('utf8'));
    const grantType = params.grant_type;
    const expected = typeof grantType === 'string' ? PARAMETERS[grantType] : undefined;
    if (!expected || !hasExactly(params, expected.required, expected.optional)) return false;
    if (params.scope !== undefined && !PLAIN_SCOPE.test(params.scope as string)) return false;
    if (grantType === 'password' && !JSON_ACCEPT.test(headers.accept ?? '')) return false;

    const provider = deps.provider();
    const client = await provider.Client.find(params.client_id as string);
    if (client?.clientAuthMethod !== 'none') return false;
    if (!client.grantTypeAllowed(grantType as string)) return false;
    if (client.tlsClientCertificateBoundAccessTokens || client.dpopBoundAccessTokens) return false;
    const origin = headers.origin;
    if (origin !== undefined && !deps.allowedOrigin(origin)) return false;

    let answer: { status: number; json: string; retryAfter?: number | undefined };
    if (grantType === 'refresh_token') {
      try {
        const tokens = await refreshOnModels(
          provider,
          deps.findAccount,
          client,
          params.refresh_token as string,
          deps.writeTogether,
        );
        if (!tokens) return false;
        answer = { status: 200, json: JSON.stringify(tokens) };
      } catch (error) {
        answer = await failure(error, signInRequest);
      }
    } else {
      try {
        const tokens = await deps.passwordGrant()(signInRequest(), client, {
          username: params.username as string,
          password: params.password as string,
          scope: params.scope as string | undefined,
        });
        answer = { status: 200, json: JSON.stringify(tokens) };
      } catch (error) {
        answer = await failure(error, signInRequest);
      }
    }
    // The provider's CORS and cache headers for the token endpoint.
    const { status, json, retryAfter } = answer;
    response.statusCode = status;
    response.setHeader('vary', 'Origin');
    response.setHeader('access-control-allow-origin', origin ?? '*');
    response.setHeader('access-control-expose-headers', 'WWW-Authenticate');
    response.setHeader('cache-control', 'no-store');
    response.setHeader('content-type', 'application/json; charset=utf-8');
    if (retryAfter !== undefined) response.setHeader('retry-after', String(retryAfter));
    response.setHeader('content-length', Buffer.byteLength(json));
    response.end(json);
    return true;
  };
}

function hasExactly(
  params: Record<string, unknown>,
  required: readonly string[],
  optional: readonly string[],
): boolean {
  const names = Object.keys(params);
  if (names.some((name) => !required.includes(name) && !optional.includes(name))) return false;
  return (
    names.every((name) => typeof params[name] === 'string' && params[name] !== '') &&
    required.every((name) => name in params)
  );
}
