import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A cached JSON answer with its compressed forms made once, on first demand: the application
 * configuration and ABP's API description are 100–165 KB of text that compresses 10 to 20-fold, so
 * compressing it per request would cost more than everything else the request does.
 */
export class CompressedJson {
  #gzip: Buffer | undefined;
  #brotli: Buffer | undefined;

  constructor(readonly json: string) {}

  /** The best body for an Accept-Encoding header, and the encoding to announce. */
  bodyFor(acceptEncoding: string | undefined): {
    body: string | Buffer;
    encoding: 'br' | 'gzip' | undefined;
  } {
    const accepted = acceptEncoding ?? '';
    if (/\bbr\b/.test(accepted)) {
      this.#brotli ??= brotliCompressSync(this.json, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_SIZE_HINT]: this.json.length,
        },
      });
      return { body: this.#brotli, encoding: 'br' };
    }
    if (/\bgzip\b/.test(accepted)) {
      this.#gzip ??= gzipSync(this.json, { level: 9 });
      return { body: this.#gzip, encoding: 'gzip' };
    }
    return { body: this.json, encoding: undefined };
  }
}

/** Sends a cached answer in the best encoding the client accepts; never cached by the client. */
export function sendCompressedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CompressedJson,
) {
  const { body, encoding } = answer.bodyFor(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('vary', 'accept-encoding')
    .send(body);
}
