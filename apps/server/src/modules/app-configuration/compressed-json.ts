import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A cached JSON answer with its compressed forms made once, on first demand: the configuration is
 * ~100 KB of text that compresses ten-fold, so compressing it per request would cost more than
 * everything else the request does.
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
