import {
  createPrivateKey,
  createPublicKey,
  type JsonWebKey,
  type KeyObject,
  sign,
} from 'node:crypto';
import { ExternalSigningKey, type JWK } from 'oidc-provider';

/** How node:crypto signs for each JWS algorithm of our key set (signing-keys.ts). */
const SIGNERS: Record<string, { digest: string; dsaEncoding?: 'ieee-p1363' }> = {
  // JWS wants ECDSA's r ‖ s (RFC 7518 §3.4), not the DER that node:crypto writes by default.
  ES256: { digest: 'sha256', dsaEncoding: 'ieee-p1363' },
  RS256: { digest: 'sha256' },
};

/**
 * One of the sign-in server's private keys, signing with node:crypto on the calling thread.
 *
 * oidc-provider signs a private JWK through jose, which uses WebCrypto: every ID token (one per
 * refresh and per sign-in) was a key import from the JWK and a job on libuv's thread pool — 65–100
 * µs of CPU and a thread hop for a 30 µs ES256 signature. Given as an `ExternalSigningKey`
 * (oidc-provider's `externalSigningSupport`), the provider builds the same JWS header and payload
 * and hands us only the bytes to sign; the key is parsed once, here. The published JWKS is the
 * provider's view of `kty`, `crv`, `x`, `y`, `e`, `n` from the public half: unchanged.
 */
export class NodeCryptoSigningKey extends ExternalSigningKey {
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;
  readonly #signer: { digest: string; dsaEncoding?: 'ieee-p1363' };
  #kid: string | undefined;
  #alg: string | undefined;

  constructor(jwk: JWK) {
    super();
    const signer = jwk.alg ? SIGNERS[jwk.alg] : undefined;
    if (!signer) throw new Error(`no node:crypto signer for ${jwk.alg ?? 'a key without alg'}`);
    this.#signer = signer;
    this.#privateKey = createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' });
    this.#publicKey = createPublicKey(this.#privateKey);
    this.#kid = jwk.kid;
    this.#alg = jwk.alg;
  }

  // oidc-provider reads these, and may set `alg` when a key admits a single algorithm.
  override get kid(): string | undefined {
    return this.#kid;
  }
  override set kid(value: string | undefined) {
    this.#kid = value;
  }
  override get alg(): string | undefined {
    return this.#alg;
  }
  override set alg(value: string | undefined) {
    this.#alg = value;
  }

  /** The public key: the provider publishes its JWK and verifies its own tokens with it. */
  override keyObject(): KeyObject {
    return this.#publicKey;
  }

  override sign(data: Uint8Array): Buffer {
    const { digest, dsaEncoding } = this.#signer;
    return sign(
      digest,
      data,
      dsaEncoding ? { key: this.#privateKey, dsaEncoding } : this.#privateKey,
    );
  }
}
