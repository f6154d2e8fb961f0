import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { BusinessError } from '../errors/business-error.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'requestverificationtoken';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

export interface XsrfOptions {
  /** A server secret: the cookie is signed, so a value planted by a sibling domain is refused. */
  secret: string;
  /** Mark the cookie Secure (APP_URL is https). */
  secure: boolean;
}

/**
 * ABP's antiforgery for a single-page app: the server hands browsers an `XSRF-TOKEN` cookie the
 * page can read, and every unsafe request that carries cookies must echo it in the
 * `RequestVerificationToken` header, which a foreign page cannot do. Requests without cookies
 * (API clients with bearer tokens) are not affected: they carry no ambient authority.
 */
async function xsrf(app: FastifyInstance, options: XsrfOptions) {
  const sign = (nonce: string) =>
    createHmac('sha256', options.secret).update(`xsrf:${nonce}`).digest('base64url');
  const isGenuine = (value: string | undefined): value is string => {
    const [nonce, signature] = value?.split('.') ?? [];
    if (!nonce || !signature) return false;
    const expected = Buffer.from(sign(nonce));
    const actual = Buffer.from(signature);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  };

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
    const cookie = request.cookies?.[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    const sent = Array.isArray(header) ? header[0] : header;
    const matches =
      isGenuine(cookie) &&
      sent !== undefined &&
      sent.length === cookie.length &&
      timingSafeEqual(Buffer.from(sent), Buffer.from(cookie));
    if (!matches) throw new BusinessError('AbpExceptionHandling:XsrfTokenInvalid', { status: 400 });
  });

  // Issued on reads, so the page has it before its first write.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || isGenuine(request.cookies?.[XSRF_COOKIE])) return;
    const nonce = randomBytes(24).toString('base64url');
    void reply.setCookie(XSRF_COOKIE, `${nonce}.${sign(nonce)}`, {
      path: '/',
      sameSite: 'lax',
      secure: options.secure,
      httpOnly: false,
    });
  });
}

export const xsrfPlugin = fastifyPlugin(xsrf, { name: 'xsrf', dependencies: ['@fastify/cookie'] });

/** The secret for `xsrfPlugin`, derived from the deployment's encryption key. */
export const xsrfSecretFrom = (encryptionKey: string) =>
  createHmac('sha256', encryptionKey).update('vineta:xsrf').digest('base64url');
