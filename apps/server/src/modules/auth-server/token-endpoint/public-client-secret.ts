import type { IncomingMessage } from 'node:http';
import { parse as parseQuery, stringify as stringifyQuery } from 'node:querystring';
import type { Provider } from 'oidc-provider';
import { type RequestWithBody, readBodyOnce } from './request-body.js';

/** The endpoints where a client authenticates. */
const CLIENT_AUTH_PATHS = /^\/connect\/(token|revocation|introspect)(\?|$)/;
const FORM = /^application\/x-www-form-urlencoded\b/i;
/** oidc-provider's own body limit: a larger body is left unread for it to refuse. */
const BODY_LIMIT = 56 * 1024;

/**
 * ABP's Angular template, in its password-flow variant, sends a `dummyClientSecret` ('1q2w3e*')
 * for its public client, in the body or, with `useHttpBasicAuth`, as Basic credentials; so may
 * console clients built from ABP's samples. IdentityServer (which ABP used) skipped the secret of
 * a client that requires none; oidc-provider refuses any authentication but the registered one
 * (`invalid_client`). A public client's secret ships in its bundle and proves nothing, so this
 * removes it before the provider (or the token endpoint's shortcut) reads the request: such a
 * client is then treated exactly as one that sent none. Confidential clients are untouched.
 *
 * The body read here stays on `request.body` for the shortcut and the provider (request-body.ts).
 */
export function createPublicClientSecretFilter(provider: () => Provider) {
  const isPublic = async (clientId: unknown): Promise<boolean> => {
    if (typeof clientId !== 'string' || clientId === '') return false;
    const client = await provider().Client.find(clientId);
    return client?.clientAuthMethod === 'none';
  };

  return async function dropPublicClientSecret(request: IncomingMessage): Promise<void> {
    if (request.method !== 'POST' || !CLIENT_AUTH_PATHS.test(request.url ?? '')) return;
    if (!FORM.test(request.headers['content-type'] ?? '')) return;
    const basic = basicCredentials(request.headers.authorization);
    const length = Number(request.headers['content-length']);
    if (!Number.isInteger(length) || length <= 0 || length > BODY_LIMIT) return;

    const body = await readBodyOnce(request);
    if (body.length !== length) return; // the provider refuses the mismatch itself
    if (!basic && !body.includes('client_secret=')) return;

    const params = parseQuery(body.toString('utf8'));
    if (basic && params.client_id !== undefined && params.client_id !== basic.clientId) return;
    const clientId = basic?.clientId ?? params.client_id;
    if (!(await isPublic(clientId))) return;
    if (basic) delete request.headers.authorization;
    params.client_id = clientId;
    delete params.client_secret;
    const rewritten = Buffer.from(stringifyQuery(params));
    (request as RequestWithBody).body = rewritten;
    request.headers['content-length'] = String(rewritten.length);
  };
}

/** `Basic base64(client_id:client_secret)`, form-decoded as RFC 6749 section 2.3.1 has it. */
function basicCredentials(header: string | undefined): { clientId: string } | undefined {
  if (header === undefined) return undefined;
  const [scheme, value, extra] = header.split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !value || extra !== undefined) return undefined;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  try {
    return { clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, '%20')) };
  } catch {
    return undefined; // malformed: the provider answers it
  }
}
