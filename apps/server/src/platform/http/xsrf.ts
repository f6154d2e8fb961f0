import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { BusinessError } from '../errors/business-error.js';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'requestverificationtoken';

/** ABP's antiforgery refusal: the header did not carry the cookie's token. */
export const xsrfTokenInvalid = () =>
  new BusinessError('AbpExceptionHandling:XsrfTokenInvalid', { status: 400 });

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
const NONCE_BYTES = 24;
/** Cookie values remembered as genuine (about 70 bytes each). */
const GENUINE_TOKENS_KEPT = 10_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route hands browsers the `XSRF-TOKEN` cookie (xsrf.ts). */
    issuesXsrfCookie?: boolean;
  }
}

interface XsrfOptions {
  /** A server secret: the cookie is signed, so a value planted by a sibling domain is refused. */
  secret: string;
  /** Mark the cookie Secure (APP_URL is https). */
  secure: boolean;
}

/**
 * ABP's antiforgery for a single-page app: the server hands browsers an `XSRF-TOKEN` cookie the
 * page can read, and every unsafe request that carries cookies must echo it in the
 * `RequestVerificationToken` header, which a foreign page cannot do. Requests without cookies, or
 * with an Authorization header (API clients with bearer tokens), are not affected: they carry no
 * ambient authority.
 *
 * The cookie comes with the application configuration, as ABP's does
 * (`AbpApplicationConfigurationController`): the page reads it before anything else, and again
 * after signing in or changing language. The sign-in interaction's details hand it out too (the
 * code-flow sign-in page's first read). Only routes marked `issuesXsrfCookie` do, so that assets
 * cached for a year, the page and API answers carry no per-visitor `Set-Cookie` (a shared cache
 * would refuse them, or serve one visitor's cookie to all).
 */
async function xsrf(app: FastifyInstance, options: XsrfOptions) {
  const sign = (nonce: string) =>
    createHmac('sha256', options.secret).update(`xsrf:${nonce}`).digest('base64url');
  // A browser's every write checks its cookie: values already found genuine are remembered (a
  // bounded set), so the HMAC runs once per browser, not per request.
  const genuine = new Set<string>();
  const isGenuine = (value: string | undefined): value is string => {
    if (value === undefined) return false;
    if (genuine.has(value)) return true;
    const [nonce, signature] = value.split('.');
    if (!nonce || !signature) return false;
    const expected = Buffer.from(sign(nonce));
    const actual = Buffer.from(signature);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return false;
    if (genuine.size >= GENUINE_TOKENS_KEPT)
      genuine.delete(genuine.values().next().value as string);
    genuine.add(value);
    return true;
  };
  // Nonces are cut from a buffer of random bytes drawn a few kilobytes at a time, as Node does for
  // crypto.randomUUID: one call into the CSPRNG per 170 tokens instead of one per token.
  let random = Buffer.alloc(0);
  let used = 0;
  const nonce = () => {
    if (used + NONCE_BYTES > random.length) {
      random = randomBytes(NONCE_BYTES * 170);
      used = 0;
    }
    used += NONCE_BYTES;
    return random.toString('base64url', used - NONCE_BYTES, used);
  };
  // What @fastify/cookie would write for these options; the value needs no encoding (base64url).
  const attributes = `; Path=/; SameSite=Lax${options.secure ? '; Secure' : ''}`;

  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    // A request that carries its authority in a header is no forgery: another site's page cannot
    // add one (CORS would ask first). API clients that keep a cookie jar (.NET's HttpClient does
    // by default, and gets XSRF-TOKEN with the configuration) stay unaffected, as with ABP.
    if (
      SAFE_METHODS.has(request.method) ||
      !request.headers.cookie ||
      request.headers.authorization
    )
      return done();
    const cookie = request.cookies?.[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    const sent = Array.isArray(header) ? header[0] : header;
    const matches =
      isGenuine(cookie) &&
      sent !== undefined &&
      sent.length === cookie.length &&
      timingSafeEqual(Buffer.from(sent), Buffer.from(cookie));
    if (!matches) return done(xsrfTokenInvalid());
    done();
  });

  // (Callback hooks: an async one costs a promise per request. Fastify appends to `set-cookie`.)
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
    if (
      request.routeOptions.config.issuesXsrfCookie &&
      request.method === 'GET' &&
      !isGenuine(request.cookies?.[XSRF_COOKIE])
    ) {
      const value = nonce();
      void reply.header('set-cookie', `${XSRF_COOKIE}=${value}.${sign(value)}${attributes}`);
    }
    done(null, payload);
  });
}

export const xsrfPlugin = fastifyPlugin(xsrf, { name: 'xsrf', dependencies: ['@fastify/cookie'] });

/** The secret for `xsrfPlugin`, derived from the deployment's encryption key. */
export const xsrfSecretFrom = (encryptionKey: string) =>
  createHmac('sha256', encryptionKey).update('vineta:xsrf').digest('base64url');
