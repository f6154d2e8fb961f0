import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyBaseLogger } from 'fastify';
import type { FindAccount, Provider } from 'oidc-provider';
import { refreshOnModels } from './grants/refresh-token.shortcut.js';

/** Larger bodies are no refresh request of ours; the provider reads (and limits) them itself. */
const BODY_LIMIT = 4096;
const FORM = /^application\/x-www-form-urlencoded\s*(;\s*charset="?utf-8"?\s*)?$/i;
/** Exactly these parameters, once each: anything else (scope narrowing included) is the provider's. */
const REFRESH_PARAMETERS = ['grant_type', 'client_id', 'refresh_token'];
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

export interface TokenEndpointShortcutDeps {
  provider(): Provider;
  findAccount: FindAccount;
  /** The provider's `clientBasedCORS` decision for a browser's Origin. */
  allowedOrigin(origin: string): boolean;
  log: FastifyBaseLogger;
}

/**
 * `POST /connect/token` with `grant_type=refresh_token` from the public web client, served on
 * oidc-provider's models without its Koa stack (see docs/decisions/007-*.md for the figures).
 * Everything else, and every refresh request that is not the ordinary case (an unknown, expired,
 * reused or sender-bound token, a narrowed scope, another client authentication), goes to the
 * provider unchanged: `serve` answers false having written nothing, and leaves the body it read
 * on `request.body`, which the provider's body parser takes instead of the drained stream.
 */
export function createTokenEndpointShortcut(deps: TokenEndpointShortcutDeps) {
  return async function serve(request: IncomingMessage, response: ServerResponse) {
    const headers = request.headers;
    if (!FORM.test(headers['content-type'] ?? '')) return false;
    if (PROVIDER_HEADERS.some((name) => headers[name] !== undefined)) return false;
    const length = Number(headers['content-length']);
    if (!Number.isInteger(length) || length <= 0 || length > BODY_LIMIT) return false;

    const body = await readBody(request);
    (request as IncomingMessage & { body?: Buffer }).body = body;
    if (body.length !== length) return false;
    const params = parseQuery(body.toString('utf8'));
    const names = Object.keys(params);
    if (names.length !== REFRESH_PARAMETERS.length) return false;
    for (const name of REFRESH_PARAMETERS) {
      const value = params[name];
      if (typeof value !== 'string' || value === '') return false;
    }
    if (params.grant_type !== 'refresh_token') return false;

    const provider = deps.provider();
    const client = await provider.Client.find(params.client_id as string);
    if (!client || client.clientAuthMethod !== 'none') return false;
    if (!client.grantTypeAllowed('refresh_token')) return false;
    if (client.tlsClientCertificateBoundAccessTokens || client.dpopBoundAccessTokens) return false;
    const origin = headers.origin;
    if (origin !== undefined && !deps.allowedOrigin(origin)) return false;

    let json: string;
    let status = 200;
    try {
      const answer = await refreshOnModels(
        provider,
        deps.findAccount,
        client,
        params.refresh_token as string,
      );
      if (!answer) return false;
      json = JSON.stringify(answer);
    } catch (error) {
      // Past the first write there is no handing over: answer as the provider would.
      deps.log.error({ err: error }, 'sign-in server error');
      json = SERVER_ERROR;
      status = 500;
    }
    // The provider's CORS and cache headers for the token endpoint.
    response.statusCode = status;
    response.setHeader('vary', 'Origin');
    response.setHeader('access-control-allow-origin', origin ?? '*');
    response.setHeader('access-control-expose-headers', 'WWW-Authenticate');
    response.setHeader('cache-control', 'no-store');
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.setHeader('content-length', Buffer.byteLength(json));
    response.end(json);
    return true;
  };
}

/** The body as received; a stream error leaves what arrived for the provider to refuse. */
async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of request.iterator({ destroyOnReturn: false })) {
      chunks.push(chunk as Buffer);
    }
  } catch {
    // An aborted request: nobody reads the answer; the provider's own parser refuses it.
  }
  return Buffer.concat(chunks);
}
