import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry secrets in ABP's contract or in OAuth's: the tenant connection
 * string travels in the query string of its PUT, and may hold a database password.
 */
const SECRET_PARAMETERS = ['defaultconnectionstring', 'password', 'access_token', 'refresh_token'];

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
