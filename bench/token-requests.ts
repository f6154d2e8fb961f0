import { Agent, request } from 'node:http';
import { BENCH_ADMIN_PASSWORD } from './bench-shared.js';

/** The scopes the web app asks for: the grants issue every token it gets (ID, access, refresh). */
export const tokenScope = 'openid profile email roles offline_access Vineta';
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** The admin's password grant as the web app sends it (its body, form-encoded). */
export const passwordGrantBody = (password = BENCH_ADMIN_PASSWORD) =>
  new URLSearchParams({
    grant_type: 'password',
    client_id: 'Vineta_App',
    username: 'admin',
    password,
    scope: tokenScope,
  }).toString();

/** A refresh grant's body; `extra` adds parameters (a repeated `scope`, say). */
export const refreshGrantBody = (token: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({
    grant_type: 'refresh_token',
    client_id: 'Vineta_App',
    refresh_token: token,
    ...extra,
  }).toString();

/** Signs the admin in once (set-up, not load): the tokens, or an error with the server's answer. */
export async function passwordGrant(
  origin: string,
  tenant?: string,
  password = BENCH_ADMIN_PASSWORD,
): Promise<{ access_token: string; refresh_token: string }> {
  const response = await fetch(`${origin}/connect/token`, {
    method: 'POST',
    headers: tenant ? { ...form, __tenant: tenant } : form,
    body: passwordGrantBody(password),
  });
  if (!response.ok)
    throw new Error(`password grant failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { access_token: string; refresh_token: string };
}

/**
 * What a browser sends once it has visited: compression, and the XSRF cookie the application
 * configuration handed it (xsrf.ts), which every later request carries. Without the cookie, every
 * read of the configuration would pay for a new one, as only a first visit does (a diagnostic row).
 */
export async function browserHeadersFor(origin: string) {
  const visit = await fetch(`${origin}/api/abp/application-configuration`);
  const xsrf = visit.headers.getSetCookie().find((cookie) => cookie.startsWith('XSRF-TOKEN='));
  if (!visit.ok || !xsrf) throw new Error(`${origin}: no XSRF cookie (${visit.status})`);
  return { 'accept-encoding': 'gzip, deflate, br', cookie: xsrf.split(';')[0] as string };
}

/**
 * The grants' client under load: node:http on kept-alive sockets, one per worker. `fetch` cost
 * the bench process about as much CPU per refresh as the server spent on it, on the same cores.
 */
export function createFormClient(connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });

  function postForm(
    url: URL,
    body: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const outgoing = request(
        url,
        {
          method: 'POST',
          agent,
          headers: { ...form, ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (incoming) => {
          let text = '';
          incoming.setEncoding('utf8');
          incoming.on('data', (chunk: string) => {
            text += chunk;
          });
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text }));
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  /** A grant at `origin`'s token endpoint: its answer's text, or an error naming `what`. */
  async function grant(
    origin: string,
    body: string,
    what: string,
    headers: Record<string, string> = {},
  ): Promise<string> {
    const { status, text } = await postForm(new URL('/connect/token', origin), body, headers);
    if (status !== 200) throw new Error(`${what} failed: ${status} ${text}`);
    return text;
  }

  return {
    grant,
    /** The next refresh token of a rotating chain. */
    refresh: async (origin: string, token: string, extra: Record<string, string> = {}) => {
      const answer = await grant(origin, refreshGrantBody(token, extra), 'refresh grant');
      return (JSON.parse(answer) as { refresh_token: string }).refresh_token;
    },
    close: () => agent.destroy(),
  };
}

/**
 * `workers` closed loops for `seconds`: each calls `next(worker)` again once its last call has
 * finished, and finishes the call under way when time is up (as the argon2id baseline finishes its
 * verifications), so no work done in the slice goes uncounted.
 */
export async function closedLoops(
  workers: number,
  seconds: number,
  next: (worker: number) => Promise<unknown>,
): Promise<{ count: number; seconds: number }> {
  const start = performance.now();
  const end = start + seconds * 1000;
  let count = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < end) {
        await next(worker);
        count++;
      }
    }),
  );
  return { count, seconds: (performance.now() - start) / 1000 };
}
