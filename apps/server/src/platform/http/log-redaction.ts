import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry secrets in ABP's contract or in OAuth's: the tenant connection
 * string travels in the query string of its PUT, and may hold a database password; the reset
 * link's token takes over an account for two hours; an authorization code, an ID token, a
 * client's secret or a PKCE verifier would let a log reader sign in; a login hint is an address.
 */
const SECRET_PARAMETERS = [
  'defaultconnectionstring',
  'password',
  'resettoken',
  'access_token',
  'refresh_token',
  'id_token_hint',
  'token',
  'code',
  'code_verifier',
  'client_secret',
  'login_hint',
];

/** The URL with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const redacted = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const name = separator < 0 ? pair : pair.slice(0, separator);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      return SECRET_PARAMETERS.includes(decoded.toLowerCase()) ? `${name}=%5Bredacted%5D` : pair;
    })
    .join('&');
  return `${url.slice(0, query)}?${redacted}`;
}

/** Fastify's own request serializer, with secrets taken out of the URL before pino sees it. */
export const requestLogSerializers = {
  req(request: Pick<FastifyRequest, 'method' | 'url'> & Partial<FastifyRequest>) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
